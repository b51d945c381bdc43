import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** The two kinds payments settle, with their number and date columns (for the backfill). */
const SETTLED = [
  { type: 'invoice', table: 'invoices', number: 'invoice_number', date: 'invoice_date', noun: 'invoice' },
  { type: 'debit-note', table: 'debit_notes', number: 'debit_note_number', date: 'debit_note_date', noun: 'debit note' },
] as const;

/**
 * Payments received from clients and their allocations to invoices and debit notes (docs/receivables.md).
 *
 * - `payments` keeps the sums of its live allocations (`allocated_amount`, `allocated_tds`) in step with them, so a
 *   client's credit (what its payments hold unallocated) is one indexed sum; an advance's receipt voucher number is
 *   unique per account (its sequence is `document_sequences` row `receipt-voucher`).
 * - `payment_allocations` is the truth of what was paid: a document's `paid_amount` is the sum of its rows. They are
 *   read per payment, per document (under the document's row lock) and per client by date (statements).
 * - The permission key `payments` is granted to every owner and to each user who holds `invoices` (who could record
 *   payments through an invoice's payment status before).
 * - Documents already paid or partly paid through their payment status get the payment of mode `other` such an
 *   update now records, with its allocation, so that ledger and headers agree from the start.
 */
export class Payments1732002200000 implements MigrationInterface {
  name = 'Payments1732002200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE payments (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      client_id INT NOT NULL,
      amount DECIMAL(15,2) NOT NULL,
      tds_amount DECIMAL(15,2) NOT NULL DEFAULT 0,
      allocated_amount DECIMAL(15,2) NOT NULL DEFAULT 0,
      allocated_tds DECIMAL(15,2) NOT NULL DEFAULT 0,
      currency CHAR(3) NOT NULL DEFAULT 'INR',
      payment_date DATE NOT NULL,
      mode VARCHAR(10) NOT NULL,
      reference VARCHAR(100) NULL,
      notes VARCHAR(1000) NULL,
      source VARCHAR(20) NOT NULL DEFAULT 'receipt',
      source_document_type VARCHAR(20) NULL,
      source_document_id INT NULL,
      receipt_number VARCHAR(16) NULL,
      receipt_fy_start_year SMALLINT NULL,
      receipt_sequence_no INT NULL,
      created_at DATETIME NOT NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_payments_date (account_id, payment_date, id),
      KEY ix_payments_client (account_id, client_id, payment_date),
      KEY ix_payments_source_document (account_id, source_document_type, source_document_id),
      UNIQUE KEY uq_payments_receipt_number (account_id, receipt_number)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE payment_allocations (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      payment_id INT NOT NULL,
      client_id INT NOT NULL,
      document_type VARCHAR(20) NOT NULL,
      document_id INT NOT NULL,
      amount DECIMAL(15,2) NOT NULL,
      tds_amount DECIMAL(15,2) NOT NULL DEFAULT 0,
      tds_recorded TINYINT(1) NOT NULL DEFAULT 0,
      payment_source VARCHAR(20) NOT NULL DEFAULT 'receipt',
      allocation_date DATE NOT NULL,
      created_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_allocations_payment (account_id, payment_id),
      KEY ix_allocations_document (account_id, document_type, document_id),
      KEY ix_allocations_client (account_id, client_id, allocation_date)
    ) ${TABLE_OPTIONS}`);

    await q.query(`UPDATE users SET permissions = IF(permissions = '', 'payments', CONCAT(permissions, ',payments'))
      WHERE (is_owner = 1 OR FIND_IN_SET('invoices', permissions) > 0) AND FIND_IN_SET('payments', permissions) = 0`);

    await backfillStatusPayments(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payment_allocations');
    await q.query('DROP TABLE payments');
    await q.query(`UPDATE users SET permissions = TRIM(BOTH ',' FROM REPLACE(CONCAT(',', permissions, ','), ',payments,', ','))
      WHERE FIND_IN_SET('payments', permissions) > 0`);
    await q.query(`DELETE FROM document_sequences WHERE kind = 'receipt-voucher'`);
  }
}

/**
 * Gives every invoice and debit note paid or partly paid through its payment status, and without any allocation yet,
 * the payment such an update records (mode `other`, source `payment_status`) with its allocation. Idempotent.
 */
export async function backfillStatusPayments(q: Pick<QueryRunner, 'query'>): Promise<void> {
  for (const s of SETTLED) {
    await q.query(
      `INSERT INTO payments (account_id, client_id, amount, tds_amount, allocated_amount, allocated_tds, currency, payment_date, mode, notes,
                             source, source_document_type, source_document_id, created_at, updated_at)
       SELECT d.account_id, d.client_id, d.paid_amount, 0, d.paid_amount, 0, d.currency, COALESCE(d.payment_date, d.${s.date}), 'other',
              CONCAT('Recorded from the payment status of ${s.noun} ', d.${s.number}), 'payment_status', '${s.type}', d.id, UTC_TIMESTAMP(), UTC_TIMESTAMP()
         FROM ${s.table} d
        WHERE d.paid_amount > 0
          AND NOT EXISTS (SELECT 1 FROM payment_allocations a WHERE a.account_id = d.account_id AND a.document_type = '${s.type}' AND a.document_id = d.id)
        ORDER BY d.id`,
    );
  }
  await q.query(`INSERT INTO payment_allocations (account_id, payment_id, client_id, document_type, document_id, amount, tds_amount, tds_recorded,
                                                  payment_source, allocation_date, created_at)
    SELECT p.account_id, p.id, p.client_id, p.source_document_type, p.source_document_id, p.amount, 0, 0, 'payment_status', p.payment_date, p.created_at
      FROM payments p
     WHERE p.source = 'payment_status' AND NOT EXISTS (SELECT 1 FROM payment_allocations a WHERE a.account_id = p.account_id AND a.payment_id = p.id)
     ORDER BY p.id`);
}
