import ExcelJS from 'exceljs';
import { Gstr1File, Gstr3bAnswer, Gstr3bWorkbookWriter } from '@app/domain/gst-returns/gst-exports.port';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Cell = string | number | null;
const TAX = ['Total taxable value', 'Integrated tax', 'Central tax', 'State/UT tax', 'Cess'];

/** GSTR-3B as a workbook (exceljs): tables 3.1, 3.1.1 and 3.2 as the form lays them out, and the remarks. */
export class ExcelGstr3bWorkbookWriter extends Gstr3bWorkbookWriter {
  async write(answer: Gstr3bAnswer, baseName: string): Promise<Gstr1File> {
    const r = answer.return;
    const s = r.sup_details;
    const e = r.eco_dtls;
    const inter = (label: string, rows: Array<{ pos: string; txval: number; iamt: number }>): Cell[][] => rows.map((x) => [label, x.pos, x.txval, x.iamt]);
    const sheets: Array<{ name: string; header: string[]; rows: Cell[][] }> = [
      {
        name: '3.1',
        header: ['Nature of supplies', ...TAX],
        rows: [
          [
            '(a) Outward taxable supplies (other than zero rated, nil rated and exempted)',
            s.osup_det.txval,
            s.osup_det.iamt,
            s.osup_det.camt,
            s.osup_det.samt,
            s.osup_det.csamt,
          ],
          ['(b) Outward taxable supplies (zero rated)', s.osup_zero.txval, s.osup_zero.iamt, null, null, s.osup_zero.csamt],
          ['(c) Other outward supplies (nil rated, exempted)', s.osup_nil_exmp.txval, null, null, null, null],
          ['(d) Inward supplies (liable to reverse charge)', s.isup_rev.txval, s.isup_rev.iamt, s.isup_rev.camt, s.isup_rev.samt, s.isup_rev.csamt],
          ['(e) Non-GST outward supplies', s.osup_nongst.txval, null, null, null, null],
        ],
      },
      {
        name: '3.1.1',
        header: ['Supplies notified under section 9(5)', ...TAX],
        rows: [
          [
            '(i) Taxable supplies on which electronic commerce operator pays tax u/s 9(5)',
            e.eco_sup.txval,
            e.eco_sup.iamt,
            e.eco_sup.camt,
            e.eco_sup.samt,
            e.eco_sup.csamt,
          ],
          ['(ii) Taxable supplies made by the registered person through electronic commerce operator u/s 9(5)', e.eco_reg_sup.txval, null, null, null, null],
        ],
      },
      {
        name: '3.2',
        header: ['Supplies made to', 'Place of supply', 'Total taxable value', 'Integrated tax'],
        rows: [
          ...inter('Unregistered persons', r.inter_sup.unreg_details),
          ...inter('Composition taxable persons', r.inter_sup.comp_details),
          ...inter('UIN holders', r.inter_sup.uin_details),
        ],
      },
      { name: 'remarks', header: ['Table', 'Remark'], rows: answer.remarks.map((x) => [x.table, x.remark]) },
    ];
    const book = new ExcelJS.Workbook();
    book.creator = 'Invoicing';
    for (const sheet of sheets) {
      const ws = book.addWorksheet(sheet.name);
      ws.columns = sheet.header.map((h, i) => ({ header: h, width: i === 0 ? 60 : Math.max(14, h.length + 2) }));
      ws.getRow(1).font = { bold: true };
      ws.views = [{ state: 'frozen', ySplit: 1 }];
      for (const row of sheet.rows) ws.addRow(row);
    }
    const buffer = await book.xlsx.writeBuffer();
    return { filename: `${baseName.replace(/[^A-Za-z0-9._-]/g, '-')}.xlsx`, contentType: XLSX_TYPE, content: new Uint8Array(buffer) };
  }
}
