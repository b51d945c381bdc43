import { DataSource } from 'typeorm';

export interface SqlLine {
  description: string;
  hsn?: string;
  quantity?: number;
  rate: number;
  taxRate?: number;
  cgst?: number;
  sgst?: number;
  igst?: number;
  total: number;
}

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** Inserts an invoice-style document with its lines straight into the tables (for output tests). */
export async function insertProductDocument(
  ds: DataSource,
  kind: 'invoice' | 'quotation' | 'proforma-invoice',
  accountId: number,
  clientId: number,
  number: string,
  date: string,
  lines: SqlLine[],
  extra: Record<string, unknown> = {},
): Promise<number> {
  const total = lines.reduce((s, l) => s + l.total, 0).toFixed(2);
  const base = {
    account_id: accountId,
    client_id: clientId,
    fy_start_year: 2025,
    sequence_no: Number(number.slice(-4)) || 1,
    currency: 'INR',
    total_amount: total,
    created_at: now(),
    updated_at: now(),
  };
  const spec = {
    invoice: {
      table: 'invoices',
      lines: 'invoice_items',
      parent: 'invoice_id',
      cols: { invoice_number: number, invoice_date: date, payment_due_date: date, invoice_type: 'local_sale' },
    },
    quotation: {
      table: 'quotations',
      lines: 'quotation_items',
      parent: 'quotation_id',
      cols: { quotation_number: number, quotation_date: date, validity_date: date, quotation_type: 'local_sale' },
    },
    'proforma-invoice': {
      table: 'proforma_invoices',
      lines: 'proforma_invoice_items',
      parent: 'proforma_invoice_id',
      cols: { proforma_number: number, proforma_date: date, validity_date: date },
    },
  }[kind];
  const row: Record<string, unknown> = { ...base, ...spec.cols, ...extra };
  const keys = Object.keys(row);
  const result = await ds.query(
    `INSERT INTO ${spec.table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
    keys.map((k) => row[k]),
  );
  const id = Number(result.insertId);
  for (const l of lines) {
    await ds.query(
      `INSERT INTO ${spec.lines} (${spec.parent}, account_id, item_description, hsn_code, quantity, rate, tax_rate, cgst_amount, sgst_amount, igst_amount, total_amount)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, accountId, l.description, l.hsn ?? '', l.quantity ?? 1, l.rate, l.taxRate ?? 0, l.cgst ?? 0, l.sgst ?? 0, l.igst ?? 0, l.total],
    );
  }
  return id;
}

/** Inserts a debit or credit note with description/amount lines. */
export async function insertNote(
  ds: DataSource,
  kind: 'debit-note' | 'credit-note',
  accountId: number,
  clientId: number,
  number: string,
  date: string,
  lines: Array<{ description: string; amount: number; expenseDate?: string }>,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const total = lines.reduce((s, l) => s + l.amount, 0).toFixed(2);
  const debit = kind === 'debit-note';
  const row: Record<string, unknown> = {
    account_id: accountId,
    client_id: clientId,
    fy_start_year: 2025,
    sequence_no: 1,
    currency: 'INR',
    total_amount: total,
    created_at: now(),
    updated_at: now(),
    ...(debit ? { debit_note_number: number, debit_note_date: date } : { credit_note_number: number, credit_note_date: date }),
    ...extra,
  };
  const keys = Object.keys(row);
  const table = debit ? 'debit_notes' : 'credit_notes';
  const result = await ds.query(
    `INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
    keys.map((k) => row[k]),
  );
  const id = Number(result.insertId);
  for (const l of lines) {
    await ds.query(
      `INSERT INTO ${debit ? 'debit_note_items' : 'credit_note_items'} (${debit ? 'debit_note_id' : 'credit_note_id'}, account_id, description, expense_date, amount) VALUES (?, ?, ?, ?, ?)`,
      [id, accountId, l.description, l.expenseDate ?? date, l.amount],
    );
  }
  return id;
}

/**
 * A data fix straight in the database, as docs/analytics.md "Answer cache" says to make one: the statement and the
 * bump of the account's data version in one transaction, so no cached answer outlives the change.
 */
export async function fixedBySql(t: { dataSource: DataSource }, accountId: number, sql: string, params: unknown[]): Promise<void> {
  await t.dataSource.transaction(async (manager) => {
    await manager.query(sql, params);
    await manager.query('INSERT INTO analytics_versions (account_id, version) VALUES (?, 1) ON DUPLICATE KEY UPDATE version = version + 1', [accountId]);
  });
}
