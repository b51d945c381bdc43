import { DocumentSequence, NumberSeries } from '@app/domain/documents/document-sequence.port';
import { Database } from '../database/database';
import { SqlStatement } from '../database/raw-sql';

/**
 * One row per (account, series, FY): the series is a kind, or the drafts of a tax document kind (`draft-invoice`). The upsert takes the row lock and bumps the counter in one
 * statement; LAST_INSERT_ID(expr) hands the new value back in the statement's own reply.
 */
export class SqlDocumentSequence extends DocumentSequence {
  constructor(private readonly db: Database) {
    super();
  }

  async next(accountId: number, series: NumberSeries, fyStartYear: number): Promise<number> {
    if (!this.db.inTransaction()) throw new Error('Document numbers are allocated inside the document transaction');
    const manager = this.db.manager();
    // The OK packet carries LAST_INSERT_ID(expr) as its insert id: one round trip under the lock.
    const { sql, params } = nextSequenceStatement(accountId, series, fyStartYear);
    return sequenceOf(await manager.query(sql, params));
  }
}

/**
 * The upsert that takes the next value of a sequence: it locks the row until commit and leaves the value
 * as the connection's LAST_INSERT_ID(), which the OK packet also carries as its insert id.
 */
export function nextSequenceStatement(accountId: number, series: NumberSeries, fyStartYear: number): SqlStatement {
  return {
    sql: `INSERT INTO document_sequences (account_id, kind, fy_start_year, last_value) VALUES (?, ?, ?, LAST_INSERT_ID(1))
       ON DUPLICATE KEY UPDATE last_value = LAST_INSERT_ID(last_value + 1)`,
    params: [accountId, series, fyStartYear],
  };
}

/** The value of a sequence from its upsert's answer. */
export function sequenceOf(result: unknown): number {
  const value = Number((result as { insertId?: number } | undefined)?.insertId);
  if (!Number.isInteger(value) || value < 1) throw new Error('The document sequence returned no value');
  return value;
}
