import { DocumentCounter } from '@app/domain/documents/document-counter.port';
import { Database } from '../database/database';
import { ALL_DOCUMENT_TABLES } from './document-tables';

const TABLES = ALL_DOCUMENT_TABLES.map((t) => t.table);

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
