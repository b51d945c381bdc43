import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { CaSyncFormat } from '@app/domain/ca-sync/ca-sync';
import { CaSyncFile, CaSyncFileWriter } from '@app/domain/ca-sync/ca-sync.port';
import { CaSyncSheet, CaSyncWorkbook, CellKind, SheetRow } from '@app/domain/ca-sync/ca-sync-sheet';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NUMERIC: CellKind[] = ['money', 'rate', 'count'];
const FORMATS: Partial<Record<CellKind, string>> = { money: '#,##0.00', rate: '0.00', count: '0' };

/** A cell as the spreadsheet keeps it: amounts, rates and counts as numbers, the rest as text. */
function cellValue(value: string | null, kind: CellKind): string | number | null {
  if (value === null || value === '') return null;
  return NUMERIC.includes(kind) ? Number(value) : value;
}

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled. A leading =, +, - or @ is kept from running as a formula. */
function csvField(value: string | null): string {
  let v = value ?? '';
  if (/^[=+\-@]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function sheetCsv(sheet: CaSyncSheet): string {
  const rows: SheetRow[] = [sheet.columns.map((c) => c.header), ...sheet.rows, ...sheet.totals];
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The CA workbook as an .xlsx (exceljs) or as one CSV file per sheet in a ZIP (jszip). */
export class ExcelCaSyncFileWriter extends CaSyncFileWriter {
  async write(workbook: CaSyncWorkbook, format: CaSyncFormat, baseName: string): Promise<CaSyncFile> {
    if (format === 'csv') {
      const zip = new JSZip();
      for (const sheet of workbook.sheets) zip.file(sheet.file, '\ufeff' + sheetCsv(sheet));
      const content = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
      return { filename: `${baseName}.zip`, contentType: 'application/zip', content };
    }
    const book = new ExcelJS.Workbook();
    book.creator = 'Invoicing';
    for (const sheet of workbook.sheets) {
      const ws = book.addWorksheet(sheet.name);
      ws.columns = sheet.columns.map((c) => ({
        header: c.header,
        width: Math.max(12, c.header.length + 2),
        style: FORMATS[c.kind] ? { numFmt: FORMATS[c.kind] } : {},
      }));
      ws.getRow(1).font = { bold: true };
      ws.views = [{ state: 'frozen', ySplit: 1 }];
      for (const row of sheet.rows) ws.addRow(row.map((v, i) => cellValue(v, sheet.columns[i].kind)));
      for (const row of sheet.totals) ws.addRow(row.map((v, i) => cellValue(v, i === 0 ? 'text' : sheet.columns[i].kind))).font = { bold: true };
    }
    const buffer = await book.xlsx.writeBuffer();
    return { filename: `${baseName}.xlsx`, contentType: XLSX_TYPE, content: new Uint8Array(buffer) };
  }
}
