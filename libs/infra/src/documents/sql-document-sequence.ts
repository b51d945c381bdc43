import { DocumentKind, DEFAULT_PREFIXES } from '@app/domain/documents/document-number';
import { DocumentPrefixes, DocumentSequence } from '@app/domain/documents/document-sequence.port';
import { Database } from '../database/typeorm-transaction-runner';

/**
 * One row per (account, kind, FY). The upsert takes the row lock and bumps the counter in one
 * statement; LAST_INSERT_ID(expr) hands the new value back on this connection.
 */
export class SqlDocumentSequence extends DocumentSequence {
  constructor(private readonly db: Database) {
    super();
  }

  async next(accountId: number, kind: DocumentKind, fyStartYear: number): Promise<number> {
    if (!this.db.inTransaction()) throw new Error('Document numbers are allocated inside the document transaction');
    const manager = this.db.manager();
    await manager.query(
      `INSERT INTO document_sequences (account_id, kind, fy_start_year, last_value) VALUES (?, ?, ?, LAST_INSERT_ID(1))
       ON DUPLICATE KEY UPDATE last_value = LAST_INSERT_ID(last_value + 1)`,
      [accountId, kind, fyStartYear],
    );
    const [row] = await manager.query('SELECT LAST_INSERT_ID() AS value');
    return Number(row.value);
  }
}

/** Default prefixes until business settings store the account's own. */
export class DefaultDocumentPrefixes extends DocumentPrefixes {
  async prefixFor(_accountId: number, kind: DocumentKind): Promise<string> {
    return DEFAULT_PREFIXES[kind];
  }
}
