import { DocumentCounter } from '@app/domain/documents/document-quota';
import { Database } from '../database/typeorm-transaction-runner';

const TABLES = ['invoices', 'quotations', 'proforma_invoices', 'debit_notes', 'credit_notes'];

export class SqlDocumentCounter extends DocumentCounter {
  constructor(private readonly db: Database) {
    super();
  }

  async countCreatedBetween(accountId: number, from: string, to: string): Promise<number> {
    const sql = TABLES.map((t) => `SELECT COUNT(*) AS n FROM ${t} WHERE account_id = ? AND created_at >= ? AND created_at < ?`).join(' UNION ALL ');
    const params = TABLES.flatMap(() => [accountId, from, to]);
    const rows: Array<{ n: string | number }> = await this.db.manager().query(sql, params);
    return rows.reduce((sum, r) => sum + Number(r.n), 0);
  }
}
