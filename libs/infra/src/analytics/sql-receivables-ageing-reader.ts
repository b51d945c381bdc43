import { AgeingQuery, AgeingRow, ReceivablesAgeingReader } from '@app/domain/analytics/receivables-ageing';
import { Database } from '../database/database';

/**
 * What was still owed on each issued or archived document of one kind as of the date, in its own currency:
 * the receivable (total less the TDS it carries) less what its allocations dated on or before the date paid.
 * The header's `paid_amount` is the sum of the live allocations and its `tds_amount` includes the TDS receipts
 * recorded on it, so the allocations dated after the date (one grouped read of the account's allocations) are
 * added back: their cash, and the TDS they recorded (which had not yet reduced the receivable then).
 */
function documents(kind: 'invoice' | 'debit-note'): string {
  const t =
    kind === 'invoice'
      ? { table: 'invoices', date: 'invoice_date', tds: 'COALESCE(d.tds_amount, 0)' }
      : { table: 'debit_notes', date: 'debit_note_date', tds: '0' };
  return `SELECT d.client_id, d.payment_due_date AS due, d.currency, d.exchange_rate,
                 d.total_amount - ${t.tds} - d.paid_amount + COALESCE(l.amount, 0) + COALESCE(l.tds, 0) AS balance
          FROM ${t.table} d
          LEFT JOIN (SELECT document_id, SUM(amount) AS amount, SUM(CASE WHEN tds_recorded = 1 THEN tds_amount ELSE 0 END) AS tds
                     FROM payment_allocations
                     WHERE account_id = ? AND document_type = '${kind}' AND allocation_date > ?
                     GROUP BY document_id) l ON l.document_id = d.id
          WHERE d.account_id = ? AND d.status IN ('issued', 'archived') AND d.${t.date} <= ?`;
}

/**
 * The ageing as one aggregate statement: the account's invoices and debit notes with a balance as of the date,
 * bucketed by the days from their due date to it, summed per client and bucket. A balance is converted to the
 * account's currency per document, rounded half-up to the paisa: as it is in that currency, or, on an INR account,
 * times the document's `exchange_rate` (rupees per unit, docs/gst.md "Foreign currency"); a document in another
 * currency without one gives NULL, which SUM leaves out and `unconverted` counts.
 */
export class SqlReceivablesAgeingReader extends ReceivablesAgeingReader {
  constructor(private readonly db: Database) {
    super();
  }

  ageing(q: AgeingQuery): Promise<AgeingRow[]> {
    const rate = `CASE WHEN o.currency = ? THEN 1 WHEN ? = 'INR' THEN o.exchange_rate END`;
    const days = 'DATEDIFF(?, o.due)';
    return this.db.query<AgeingRow>(
      `SELECT o.client_id AS clientId, MAX(c.name) AS clientName,
              CASE WHEN o.due IS NULL OR ${days} <= 0 THEN 'current' WHEN ${days} <= 30 THEN '1_30'
                   WHEN ${days} <= 60 THEN '31_60' WHEN ${days} <= 90 THEN '61_90' ELSE 'over_90' END AS bucket,
              COUNT(*) AS count, COALESCE(SUM(ROUND(o.balance * ${rate}, 2)), 0) AS amount,
              COALESCE(SUM(${rate} IS NULL), 0) AS unconverted
       FROM (${documents('invoice')} UNION ALL ${documents('debit-note')}) o
       LEFT JOIN clients c ON c.id = o.client_id AND c.account_id = ?
       WHERE o.balance > 0
       GROUP BY o.client_id, bucket`,
      [
        q.asOf,
        q.asOf,
        q.asOf,
        q.asOf,
        q.currency,
        q.currency,
        q.currency,
        q.currency,
        q.accountId,
        q.asOf,
        q.accountId,
        q.asOf,
        q.accountId,
        q.asOf,
        q.accountId,
        q.asOf,
        q.accountId,
      ],
    );
  }
}
