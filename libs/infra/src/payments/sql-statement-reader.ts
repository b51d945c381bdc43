import { StatementReader, StatementRow } from '@app/domain/payments/client-statement';
import { money2 } from '@app/domain/shared/money';
import { Database } from '../database/database';

/** Statuses whose documents are on a statement: issued or archived (never drafts or cancelled ones). */
const ON_STATEMENT = `status IN ('issued', 'archived')`;

/**
 * Every statement line of one client in one currency, as a UNION ALL of its invoices, debit notes, credit notes and
 * payments; `rank` orders documents before payments on a day. The amounts are computed by MariaDB in DECIMAL, exact.
 * An invoice's debit is its total less the TDS of its own (its tds_amount less what receipts recorded on it); a
 * payment's credit is its amount and TDS less the TDS matched against documents' own TDS. Exported (with
 * linesParams) for the benchmark's baseline.
 */
export const LINES = `
  SELECT i.invoice_date AS date, 'invoice' AS type, 0 AS rank_no, i.id, i.invoice_number AS number,
         i.total_amount - (COALESCE(i.tds_amount, 0) - COALESCE(r.recorded, 0)) AS debit, 0 AS credit
    FROM invoices i
    LEFT JOIN (SELECT document_id, SUM(tds_amount) AS recorded FROM payment_allocations
                WHERE account_id = ? AND client_id = ? AND document_type = 'invoice' AND tds_recorded = 1 GROUP BY document_id) r
      ON r.document_id = i.id
   WHERE i.account_id = ? AND i.client_id = ? AND i.currency = ? AND i.${ON_STATEMENT}
  UNION ALL
  SELECT debit_note_date, 'debit_note', 1, id, debit_note_number, total_amount, 0
    FROM debit_notes WHERE account_id = ? AND client_id = ? AND currency = ? AND ${ON_STATEMENT}
  UNION ALL
  SELECT credit_note_date, 'credit_note', 2, id, credit_note_number, 0, total_amount
    FROM credit_notes WHERE account_id = ? AND client_id = ? AND currency = ? AND ${ON_STATEMENT}
  UNION ALL
  SELECT p.payment_date, 'payment', 3, p.id, p.receipt_number, 0, p.amount + p.tds_amount - COALESCE(m.matched, 0)
    FROM payments p
    LEFT JOIN (SELECT payment_id, SUM(tds_amount) AS matched FROM payment_allocations
                WHERE account_id = ? AND client_id = ? AND tds_recorded = 0 GROUP BY payment_id) m
      ON m.payment_id = p.id
   WHERE p.account_id = ? AND p.client_id = ? AND p.currency = ?`;

/** The period's lines (LINES between two dates) in statement order, under the domain's names. */
export const LINES_IN_PERIOD = `SELECT date, type, id AS documentId, number, debit, credit FROM (${LINES}) l
  WHERE l.date BETWEEN ? AND ? ORDER BY l.date, l.rank_no, l.id`;

export const linesParams = (accountId: number, clientId: number, currency: string) => [
  ...[accountId, clientId, accountId, clientId, currency],
  ...[accountId, clientId, currency],
  ...[accountId, clientId, currency],
  ...[accountId, clientId, accountId, clientId, currency],
];

/** DECIMAL text as MariaDB sends it ('1180.00') is already the canonical 2-decimal form: only other text is rounded. */
const DECIMAL_TEXT = /^-?\d{1,13}\.\d{2}$/;

/**
 * A client's statement lines in two queries: the balance before the period, and the period's lines. Both go straight
 * to the driver's pool (Database.query: no TypeORM query runner per statement). The lines are selected under the
 * domain's names (`id AS documentId`), so the driver's rows are the answer as they are: no second object per line,
 * and the amounts, which arrive as canonical DECIMAL text, are only checked (docs/performance.md, "Receivables").
 */
export class SqlStatementReader extends StatementReader {
  constructor(private readonly db: Database) {
    super();
  }

  async balanceBefore(accountId: number, clientId: number, currency: string, before: string): Promise<string> {
    const [row] = await this.db.query<{ balance: string | null }>(`SELECT SUM(debit) - SUM(credit) AS balance FROM (${LINES}) l WHERE l.date < ?`, [
      ...linesParams(accountId, clientId, currency),
      before,
    ]);
    return money2(row?.balance ?? '0');
  }

  async rows(accountId: number, clientId: number, currency: string, from: string, to: string): Promise<StatementRow[]> {
    const rows = await this.db.query<StatementRow>(LINES_IN_PERIOD, [...linesParams(accountId, clientId, currency), from, to]);
    for (const r of rows) {
      if (!DECIMAL_TEXT.test(r.debit)) r.debit = money2(r.debit);
      if (!DECIMAL_TEXT.test(r.credit)) r.credit = money2(r.credit);
    }
    return rows;
  }
}
