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

    for (const s of SETTLED) {
      await q.query(
        `INSERT INTO payments (account_id, client_id, amount, tds_amount, allocated_amount, allocated_tds, currency, payment_date, mode, notes,
                               source, source_document_type, source_document_id, created_at, updated_at)
         SELECT account_id, client_id, paid_amount, 0, paid_amount, 0, currency, COALESCE(payment_date, ${s.date}), 'other',
                CONCAT('Recorded from the payment status of ${s.noun} ', ${s.number}), 'payment_status', '${s.type}', id, UTC_TIMESTAMP(), UTC_TIMESTAMP()
           FROM ${s.table} WHERE paid_amount > 0 ORDER BY id`,
      );
    }
    await q.query(`INSERT INTO payment_allocations (account_id, payment_id, client_id, document_type, document_id, amount, tds_amount, tds_recorded,
                                                    payment_source, allocation_date, created_at)
      SELECT account_id, id, client_id, source_document_type, source_document_id, amount, 0, 0, 'payment_status', payment_date, created_at
        FROM payments WHERE source = 'payment_status' ORDER BY id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payment_allocations');
    await q.query('DROP TABLE payments');
    await q.query(`UPDATE users SET permissions = TRIM(BOTH ',' FROM REPLACE(CONCAT(',', permissions, ','), ',payments,', ','))
      WHERE FIND_IN_SET('payments', permissions) > 0`);
    await q.query(`DELETE FROM document_sequences WHERE kind = 'receipt-voucher'`);
  }
}
