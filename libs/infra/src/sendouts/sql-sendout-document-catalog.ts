import { DocumentKind } from '@app/domain/documents/document-number';
import { DocumentPick, SendoutDocumentCatalog } from '@app/domain/sendouts/sendout-document-catalog.port';
import { Database } from '../database/typeorm-transaction-runner';

const TABLES: Record<DocumentKind, { table: string; number: string; date: string }> = {
  invoice: { table: 'invoices', number: 'invoice_number', date: 'invoice_date' },
  quotation: { table: 'quotations', number: 'quotation_number', date: 'quotation_date' },
  'proforma-invoice': { table: 'proforma_invoices', number: 'proforma_number', date: 'proforma_date' },
  'debit-note': { table: 'debit_notes', number: 'debit_note_number', date: 'debit_note_date' },
  'credit-note': { table: 'credit_notes', number: 'credit_note_number', date: 'credit_note_date' },
};

/** One query on the kind's table, scoped by account and client. */
export class SqlSendoutDocumentCatalog extends SendoutDocumentCatalog {
  constructor(private readonly db: Database) {
    super();
  }

  async listForClient(accountId: number, kind: DocumentKind, clientId: number, limit: number): Promise<DocumentPick[]> {
    const t = TABLES[kind];
    const rows: Array<{ id: number; number: string; date: string; total_amount: string; currency: string }> = await this.db.manager().query(
      `SELECT id, ${t.number} AS number, ${t.date} AS date, total_amount, currency FROM ${t.table}
       WHERE account_id = ? AND client_id = ? ORDER BY ${t.date} DESC, id DESC LIMIT ?`,
      [accountId, clientId, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      number: String(r.number),
      date: String(r.date),
      totalAmount: String(r.total_amount),
      currency: String(r.currency),
    }));
  }
}
