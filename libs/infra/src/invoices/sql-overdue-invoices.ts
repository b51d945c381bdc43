import { OverdueInvoices } from '@app/domain/invoices/overdue-invoices.port';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';

export class SqlOverdueInvoices extends OverdueInvoices {
  constructor(private readonly db: Database) {
    super();
  }

  async markPendingDueBefore(today: string, timestamp: Date): Promise<number> {
    const result = await this.db.manager().query<{ affectedRows?: number }>(
      `UPDATE invoices SET payment_status = 'overdue', updated_at = ?
        WHERE payment_status = 'pending' AND status = 'issued' AND payment_due_date < ?`,
      [sqlNow(timestamp), today],
    );
    return Number(result.affectedRows ?? 0);
  }
}
