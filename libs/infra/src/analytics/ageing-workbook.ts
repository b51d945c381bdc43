import ExcelJS from 'exceljs';
import { AGEING_BUCKETS, AgeingWorkbookWriter, BucketAmounts, ReceivablesAgeing } from '@app/domain/analytics/receivables-ageing';
import { Gstr1File } from '@app/domain/gst-returns/gst-exports.port';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LABELS = ['Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days'];

/** The ageing as a workbook (exceljs): one row per client, then a Total row, amounts as numbers with 2 decimals. */
export class ExcelAgeingWorkbookWriter extends AgeingWorkbookWriter {
  async write(ageing: ReceivablesAgeing, baseName: string): Promise<Gstr1File> {
    const book = new ExcelJS.Workbook();
    book.creator = 'Invoicing';
    const ws = book.addWorksheet('Ageing');
    const header = ['Client id', 'Client', ...LABELS, 'Total', 'Documents'];
    ws.columns = header.map((h, i) => ({ header: h, width: i === 1 ? 40 : Math.max(14, h.length + 2) }));
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    const amounts = (b: BucketAmounts) => [...AGEING_BUCKETS.map((k) => b[k]), b.total, b.documents];
    for (const c of ageing.clients) ws.addRow([c.client_id, c.client_name, ...amounts(c)]);
    const total = ws.addRow([null, 'Total', ...amounts(ageing.totals)]);
    total.font = { bold: true };
    for (let col = 3; col <= 3 + AGEING_BUCKETS.length; col++) ws.getColumn(col).numFmt = '#,##0.00';
    const info = book.addWorksheet('About');
    info.addRow(['As of', ageing.as_of]);
    info.addRow(['Currency', ageing.currency]);
    info.addRow(['Documents in another currency without an exchange rate (left out)', ageing.unconverted_documents]);
    const buffer = await book.xlsx.writeBuffer();
    return { filename: `${baseName.replace(/[^A-Za-z0-9._-]/g, '-')}.xlsx`, contentType: XLSX_TYPE, content: new Uint8Array(buffer) };
  }
}
