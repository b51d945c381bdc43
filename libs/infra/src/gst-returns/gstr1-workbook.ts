import ExcelJS from 'exceljs';
import { Gstr1File, Gstr1WorkbookWriter } from '@app/domain/gst-returns/gst-exports.port';
import { Gstr1Item, Gstr1Return } from '@app/domain/gst-returns/gstr1';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Cell = string | number | null;

/** One row per item of a document (the offline tool's Excel template has one row per rate). */
function itemRows(head: Cell[], itms: Gstr1Item[]): Cell[][] {
  return itms.map((i) => [...head, i.itm_det.rt, i.itm_det.txval, i.itm_det.iamt ?? 0, i.itm_det.camt ?? 0, i.itm_det.samt ?? 0, i.itm_det.csamt]);
}
const TAX = ['Rate', 'Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax', 'Cess'];

/** The same return as the JSON, as a workbook: one sheet per table (exceljs). */
export class ExcelGstr1WorkbookWriter extends Gstr1WorkbookWriter {
  async write(ret: Gstr1Return, baseName: string): Promise<Gstr1File> {
    const sheets: Array<{ name: string; header: string[]; rows: Cell[][] }> = [
      {
        name: 'b2b',
        header: ['GSTIN of Recipient', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Reverse Charge', 'Invoice Type', ...TAX],
        rows: ret.b2b.flatMap((p) => p.inv.flatMap((i) => itemRows([p.ctin, i.inum, i.idt, i.val, i.pos, i.rchrg, i.inv_typ], i.itms))),
      },
      {
        name: 'b2cl',
        header: ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', ...TAX],
        rows: ret.b2cl.flatMap((p) => p.inv.flatMap((i) => itemRows([i.inum, i.idt, i.val, p.pos], i.itms))),
      },
      {
        name: 'b2cs',
        header: ['Supply Type', 'Place Of Supply', 'Type', ...TAX],
        rows: ret.b2cs.map((r) => [r.sply_ty, r.pos, r.typ, r.rt, r.txval, r.iamt ?? 0, r.camt ?? 0, r.samt ?? 0, r.csamt]),
      },
      {
        name: 'cdnr',
        header: ['GSTIN of Recipient', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Reverse Charge', 'Note Supply Type', 'Note Value', ...TAX],
        rows: ret.cdnr.flatMap((p) => p.nt.flatMap((n) => itemRows([p.ctin, n.nt_num, n.nt_dt, n.ntty, n.pos, n.rchrg, n.inv_typ, n.val], n.itms))),
      },
      {
        name: 'cdnur',
        header: ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', ...TAX],
        rows: ret.cdnur.flatMap((n) => itemRows([n.typ, n.nt_num, n.nt_dt, n.ntty, n.pos ?? null, n.val], n.itms)),
      },
      {
        name: 'exp',
        header: ['Export Type', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Rate', 'Taxable Value', 'Integrated Tax', 'Cess'],
        rows: ret.exp.flatMap((e) => e.inv.flatMap((i) => i.itms.map((t) => [e.exp_typ, i.inum, i.idt, i.val, t.rt, t.txval, t.iamt, t.csamt]))),
      },
      {
        name: 'exemp',
        header: ['Description', 'Exempted'],
        rows: ret.nil.inv.map((n) => [n.sply_ty, n.expt_amt]),
      },
      ...(['b2b', 'b2c'] as const).map((tab) => ({
        name: `hsn(${tab})`,
        header: ['HSN', 'Description', 'UQC', 'Total Quantity', 'Rate', 'Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax', 'Cess'],
        rows: ret.hsn[`hsn_${tab}`].map((h) => [h.hsn_sc, h.desc, h.uqc, h.qty, h.rt, h.txval, h.iamt, h.camt, h.samt, h.csamt]),
      })),
      {
        name: 'docs',
        header: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        rows: ret.doc_issue.doc_det.flatMap((d) => d.docs.map((x) => [d.doc_typ, x.from, x.to, x.totnum, x.cancel])),
      },
    ];
    const book = new ExcelJS.Workbook();
    book.creator = 'Invoicing';
    for (const sheet of sheets) {
      const ws = book.addWorksheet(sheet.name);
      ws.columns = sheet.header.map((h) => ({ header: h, width: Math.max(12, h.length + 2) }));
      ws.getRow(1).font = { bold: true };
      ws.views = [{ state: 'frozen', ySplit: 1 }];
      for (const row of sheet.rows) ws.addRow(row);
    }
    const buffer = await book.xlsx.writeBuffer();
    return { filename: `${baseName.replace(/[^A-Za-z0-9._-]/g, '-')}.xlsx`, contentType: XLSX_TYPE, content: new Uint8Array(buffer) };
  }
}
