import { AgeingQuery, AgeingRow, ReceivablesAgeingReader } from '@app/domain/analytics/receivables-ageing';
import { Database } from '../database/database';

/**
 * What was still owed on each issued or archived document of one kind as of the date, in its own currency:
 * the receivable (total less the TDS it carries) less what its allocations dated on or before the date paid.
 * The header's `paid_amount` is the sum of the live allocations and its `tds_amount` includes the TDS receipts
 * recorded on it, so the allocations dated after the date (one grouped read of the account's allocations) are
 * added back: their cash, and the TDS they recorded (which had not yet reduced the receivable then).
 *
 * Two branches, so that neither reads the account's paid documents: the documents not paid now (the ledger writes
 * `payment_status` with `paid_amount`, so a paid one has nothing due now), read from the covering
 * `ix_<table>_receivable` index (payment status first); and the paid ones that allocations dated after the date
 * paid, reached from those allocations. Together they are every document that can have a balance as of the date.
 * The invoice branch names its index: left to itself the optimizer takes the analytics index (account, date) and
 * reads every invoice of the account up to the date (about 100,000 entries on the bench account, 3 to 4 times as long).
 * Each branch takes the parameters (account id, date) twice (DOCUMENT_PARAM_PAIRS).
 */
function documents(kind: 'invoice' | 'debit-note'): string {
  const t =
    kind === 'invoice'
      ? { table: 'invoices', date: 'invoice_date', tds: 'COALESCE(d.tds_amount, 0)' }
      : { table: 'debit_notes', date: 'debit_note_date', tds: '0' };
  const later = `(SELECT document_id, SUM(amount) AS amount, SUM(CASE WHEN tds_recorded = 1 THEN tds_amount ELSE 0 END) AS tds
                  FROM payment_allocations
                  WHERE account_id = ? AND document_type = '${kind}' AND allocation_date > ?
                  GROUP BY document_id)`;
  const columns = `d.client_id, d.payment_due_date AS due, d.currency, d.exchange_rate,
                   d.total_amount - ${t.tds} - d.paid_amount + COALESCE(l.amount, 0) + COALESCE(l.tds, 0) AS balance`;
  const counted = `d.account_id = ? AND d.status IN ('issued', 'archived') AND d.${t.date} <= ?`;
  return `SELECT ${columns} FROM ${t.table} d${kind === 'invoice' ? ' FORCE INDEX (ix_invoices_receivable)' : ''} LEFT JOIN ${later} l ON l.document_id = d.id
          WHERE ${counted} AND d.payment_status <> 'paid'
          UNION ALL
          SELECT ${columns} FROM ${later} l JOIN ${t.table} d ON d.id = l.document_id
          WHERE ${counted} AND d.payment_status = 'paid'`;
}

/** The (account id, date) pairs of the two kinds' branches (four per kind), in statement order. */
const DOCUMENT_PARAM_PAIRS = 8;

const RATE = `CASE WHEN o.currency = ? THEN 1 WHEN ? = 'INR' THEN o.exchange_rate END`;
const DAYS = 'DATEDIFF(?, o.due)';

/**
 * The ageing as one aggregate statement: the account's invoices and debit notes with a balance as of the date,
 * bucketed by the days from their due date to it, summed per client and bucket, then the clients' names joined to
 * those groups (one lookup per group, not per document). A balance is converted to the account's currency per
 * document, rounded half-up to the paisa: as it is in that currency, or, on an INR account, times the document's
 * `exchange_rate` (rupees per unit, docs/gst.md "Foreign currency"); a document in another currency without one gives
 * NULL, which SUM leaves out and `unconverted` counts. Parameters: ageingParams. Exported for the benchmark's baseline.
 */
export const AGEING_STATEMENT = `SELECT g.clientId, c.name AS clientName, g.bucket, g.count, g.amount, g.unconverted
  FROM (SELECT o.client_id AS clientId,
               CASE WHEN o.due IS NULL OR ${DAYS} <= 0 THEN 'current' WHEN ${DAYS} <= 30 THEN '1_30'
                    WHEN ${DAYS} <= 60 THEN '31_60' WHEN ${DAYS} <= 90 THEN '61_90' ELSE 'over_90' END AS bucket,
               COUNT(*) AS count, COALESCE(SUM(ROUND(o.balance * ${RATE}, 2)), 0) AS amount,
               COALESCE(SUM(${RATE} IS NULL), 0) AS unconverted
          FROM (${documents('invoice')} UNION ALL ${documents('debit-note')}) o
         WHERE o.balance > 0
         GROUP BY o.client_id, bucket) g
  LEFT JOIN clients c ON c.id = g.clientId AND c.account_id = ?`;

export function ageingParams(q: AgeingQuery): unknown[] {
  return [
    ...[q.asOf, q.asOf, q.asOf, q.asOf],
    ...[q.currency, q.currency, q.currency, q.currency],
    ...Array.from({ length: DOCUMENT_PARAM_PAIRS }, () => [q.accountId, q.asOf]).flat(),
    q.accountId,
  ];
}

export class SqlReceivablesAgeingReader extends ReceivablesAgeingReader {
  constructor(private readonly db: Database) {
    super();
  }

  ageing(q: AgeingQuery): Promise<AgeingRow[]> {
    return this.db.query<AgeingRow>(AGEING_STATEMENT, ageingParams(q));
  }
}
