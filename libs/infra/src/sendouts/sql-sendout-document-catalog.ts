import { DocumentKind } from '@app/domain/documents/document-kinds';
import { DocumentPick, SendoutDocumentCatalog } from '@app/domain/sendouts/sendout-document-catalog.port';
import { Database } from '../database/database';
import { DOCUMENT_TABLES } from '../documents/document-tables';

/** One query on the kind's table, scoped by account and client. */
export class SqlSendoutDocumentCatalog extends SendoutDocumentCatalog {
  constructor(private readonly db: Database) {
    super();
  }

  async listForClient(accountId: number, kind: DocumentKind, clientId: number, limit: number): Promise<DocumentPick[]> {
    const t = DOCUMENT_TABLES[kind];
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
