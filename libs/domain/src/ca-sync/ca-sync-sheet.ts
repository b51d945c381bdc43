import { CaSyncPeriod } from './ca-sync-period';

export type CellKind = 'text' | 'date' | 'money' | 'rate' | 'count';
export interface SheetColumn {
  header: string;
  kind: CellKind;
}
/** Cells are text; money and rates as decimal strings ('1234.50'), which the file writer turns into numbers. */
export type SheetRow = Array<string | null>;

export interface CaSyncSheet {
  name: string;
  /** File name of the sheet in the CSV archive. */
  file: string;
  columns: SheetColumn[];
  rows: SheetRow[];
  /** Rows of totals printed under the data. */
  totals: SheetRow[];
}

export interface CaSyncTotals {
  invoices: number;
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  invoiceValue: string;
  creditNotes: string;
  debitNotes: string;
  expenses: string;
}

export interface CaSyncWorkbook {
  period: CaSyncPeriod;
  sheets: CaSyncSheet[];
  totals: CaSyncTotals;
}

export const text = (header: string): SheetColumn => ({ header, kind: 'text' });
export const date = (header: string): SheetColumn => ({ header, kind: 'date' });
export const money = (header: string): SheetColumn => ({ header, kind: 'money' });
export const rate = (header: string): SheetColumn => ({ header, kind: 'rate' });

/** A column with the cell it shows for each item. */
export type Field<T> = [SheetColumn, (item: T) => string | null];

/** The columns of a sheet and its rows, one per item: each header stands beside the cell it heads. */
export function tabulate<T>(items: T[], fields: Array<Field<T>>): Pick<CaSyncSheet, 'columns' | 'rows'> {
  return { columns: fields.map(([column]) => column), rows: items.map((item) => fields.map(([, cell]) => cell(item))) };
}
