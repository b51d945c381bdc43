import { OverdueInvoices } from '@app/domain/invoices/overdue-invoices.port';
import { Database } from '../database/database';
import { moveDataVersions } from '../shared/data-version';
import { atomically } from '../shared/list-sync';
import { sqlNow } from '../shared/sql-time';

/** Accounts whose invoices one transaction marks: their data-version rows stay locked until its COMMIT. */
const ACCOUNTS_PER_TRANSACTION = 100;

const DUE = "payment_status = 'pending' AND status = 'issued' AND payment_due_date < ?";

export class SqlOverdueInvoices extends OverdueInvoices {
  constructor(private readonly db: Database) {
    super();
  }

  /**
   * Marks every account's pending invoices due before `today`, a slice of accounts per transaction, each slice's
   * UPDATE with the bump of those accounts' data versions (shared/data-version.ts). An invoice that falls due
   * between the accounts' read and their UPDATE waits for the next run, as it would have without the read.
   */
  async markPendingDueBefore(today: string, timestamp: Date): Promise<number> {
    const rows = await this.db.query<{ account_id: number | string }>(`SELECT DISTINCT account_id FROM invoices WHERE ${DUE} ORDER BY account_id`, [today]);
    const accounts = rows.map((r) => Number(r.account_id));
    let marked = 0;
    for (let at = 0; at < accounts.length; at += ACCOUNTS_PER_TRANSACTION) {
      const slice = accounts.slice(at, at + ACCOUNTS_PER_TRANSACTION);
      marked += await atomically(this.db, async () => {
        const result = await this.db
          .manager()
          .query<{ affectedRows?: number }>(
            `UPDATE invoices SET payment_status = 'overdue', updated_at = ? WHERE account_id IN (${slice.map(() => '?').join(', ')}) AND ${DUE}`,
            [sqlNow(timestamp), ...slice, today],
          );
        await moveDataVersions(this.db, slice);
        return Number(result.affectedRows ?? 0);
      });
    }
    return marked;
  }
}
