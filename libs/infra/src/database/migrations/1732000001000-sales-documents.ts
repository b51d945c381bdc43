import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Invoice-style lines (invoices, quotations, proforma invoices). */
function productLines(table: string, parentColumn: string): string {
  return `CREATE TABLE ${table} (
    id INT NOT NULL AUTO_INCREMENT,
    ${parentColumn} INT NOT NULL,
    account_id INT NOT NULL,
    item_description VARCHAR(1000) NOT NULL,
    hsn_code VARCHAR(20) NOT NULL DEFAULT '',
    quantity DECIMAL(15,3) NOT NULL DEFAULT 0,
    rate DECIMAL(15,2) NOT NULL DEFAULT 0,
    tax_rate DECIMAL(7,3) NOT NULL DEFAULT 0,
    cgst_amount DECIMAL(15,2) NOT NULL DEFAULT 0,
    sgst_amount DECIMAL(15,2) NOT NULL DEFAULT 0,
    igst_amount DECIMAL(15,2) NOT NULL DEFAULT 0,
    total_amount DECIMAL(15,2) NOT NULL DEFAULT 0,
    discount_type VARCHAR(10) NULL,
    discount_value DECIMAL(15,2) NULL,
    inventory_id INT NULL,
    PRIMARY KEY (id),
    KEY ix_${table}_parent (${parentColumn}, id),
    KEY ix_${table}_account_inventory (account_id, inventory_id)
  ) ${TABLE_OPTIONS}`;
}

/** Debit- and credit-note lines: description, expense date, amount. */
function noteLines(table: string, parentColumn: string): string {
  return `CREATE TABLE ${table} (
    id INT NOT NULL AUTO_INCREMENT,
    ${parentColumn} INT NOT NULL,
    account_id INT NOT NULL,
    description VARCHAR(1000) NOT NULL,
    expense_date DATE NULL,
    amount DECIMAL(15,2) NOT NULL DEFAULT 0,
    PRIMARY KEY (id),
    KEY ix_${table}_parent (${parentColumn}, id)
  ) ${TABLE_OPTIONS}`;
}

/** Columns every sales document header has. */
const COMMON = `
    id INT NOT NULL AUTO_INCREMENT,
    account_id INT NOT NULL,
    client_id INT NOT NULL,
    fy_start_year SMALLINT NOT NULL,
    sequence_no INT NOT NULL,
    currency CHAR(3) NOT NULL DEFAULT 'INR',
    declaration_text TEXT NULL,
    transport_details VARCHAR(500) NULL,
    lr_number VARCHAR(50) NULL,
    total_amount DECIMAL(15,2) NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL,
    updated_at DATETIME NOT NULL,`;

/**
 * The five sales documents and their lines, and the per-account, per-kind, per-financial-year
 * number sequences. `total_amount` on a header is the sum of its lines less the header discount,
 * kept in step by the application so lists and analytics need no join.
 */
export class SalesDocuments1732000001000 implements MigrationInterface {
  name = 'SalesDocuments1732000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE document_sequences (
      account_id INT NOT NULL,
      kind VARCHAR(20) NOT NULL,
      fy_start_year SMALLINT NOT NULL,
      last_value INT NOT NULL,
      PRIMARY KEY (account_id, kind, fy_start_year)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE invoices (${COMMON}
      invoice_number VARCHAR(16) NOT NULL,
      invoice_date DATE NOT NULL,
      payment_due_date DATE NOT NULL,
      payment_status VARCHAR(10) NOT NULL DEFAULT 'pending',
      status VARCHAR(10) NOT NULL DEFAULT 'issued',
      invoice_type VARCHAR(30) NOT NULL,
      lut_number VARCHAR(50) NULL,
      paid_amount DECIMAL(15,2) NOT NULL DEFAULT 0,
      payment_date DATE NULL,
      paid_at DATETIME NULL,
      discount_type VARCHAR(10) NULL,
      discount_value DECIMAL(15,2) NULL,
      tds_section_id INT NULL,
      tds_rate DECIMAL(7,3) NULL,
      tds_amount DECIMAL(15,2) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_invoices_number (account_id, invoice_number),
      KEY ix_invoices_date (account_id, invoice_date, id),
      KEY ix_invoices_client (account_id, client_id),
      KEY ix_invoices_status (account_id, status),
      KEY ix_invoices_payment_status (account_id, payment_status),
      KEY ix_invoices_due (account_id, payment_due_date),
      KEY ix_invoices_payment_date (account_id, payment_date),
      KEY ix_invoices_paid_at (account_id, paid_at)
    ) ${TABLE_OPTIONS}`);
    await q.query(productLines('invoice_items', 'invoice_id'));

    await q.query(`CREATE TABLE quotations (${COMMON}
      quotation_number VARCHAR(16) NOT NULL,
      quotation_date DATE NOT NULL,
      validity_date DATE NOT NULL,
      approval_status VARCHAR(10) NOT NULL DEFAULT 'pending',
      quotation_type VARCHAR(30) NOT NULL,
      document_kind VARCHAR(10) NOT NULL DEFAULT 'quotation',
      lut_number VARCHAR(50) NULL,
      discount_type VARCHAR(10) NULL,
      discount_value DECIMAL(15,2) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_quotations_number (account_id, quotation_number),
      KEY ix_quotations_date (account_id, quotation_date, id),
      KEY ix_quotations_client (account_id, client_id),
      KEY ix_quotations_approval (account_id, approval_status)
    ) ${TABLE_OPTIONS}`);
    await q.query(productLines('quotation_items', 'quotation_id'));

    await q.query(`CREATE TABLE proforma_invoices (${COMMON}
      proforma_number VARCHAR(16) NOT NULL,
      proforma_date DATE NOT NULL,
      validity_date DATE NOT NULL,
      approval_status VARCHAR(10) NOT NULL DEFAULT 'pending',
      lut_number VARCHAR(50) NULL,
      discount_type VARCHAR(10) NULL,
      discount_value DECIMAL(15,2) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_proforma_number (account_id, proforma_number),
      KEY ix_proforma_date (account_id, proforma_date, id),
      KEY ix_proforma_client (account_id, client_id),
      KEY ix_proforma_approval (account_id, approval_status)
    ) ${TABLE_OPTIONS}`);
    await q.query(productLines('proforma_invoice_items', 'proforma_invoice_id'));

    await q.query(`CREATE TABLE debit_notes (${COMMON}
      debit_note_number VARCHAR(16) NOT NULL,
      debit_note_date DATE NOT NULL,
      payment_due_date DATE NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'issued',
      payment_status VARCHAR(10) NOT NULL DEFAULT 'pending',
      paid_amount DECIMAL(15,2) NOT NULL DEFAULT 0,
      payment_date DATE NULL,
      paid_at DATETIME NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_debit_notes_number (account_id, debit_note_number),
      KEY ix_debit_notes_date (account_id, debit_note_date, id),
      KEY ix_debit_notes_client (account_id, client_id),
      KEY ix_debit_notes_status (account_id, status)
    ) ${TABLE_OPTIONS}`);
    await q.query(noteLines('debit_note_items', 'debit_note_id'));

    await q.query(`CREATE TABLE credit_notes (${COMMON}
      credit_note_number VARCHAR(16) NOT NULL,
      credit_note_date DATE NOT NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'issued',
      source_invoice_id INT NULL,
      reason VARCHAR(500) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_credit_notes_number (account_id, credit_note_number),
      KEY ix_credit_notes_date (account_id, credit_note_date, id),
      KEY ix_credit_notes_client (account_id, client_id),
      KEY ix_credit_notes_status (account_id, status),
      KEY ix_credit_notes_source (account_id, source_invoice_id)
    ) ${TABLE_OPTIONS}`);
    await q.query(noteLines('credit_note_items', 'credit_note_id'));
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'credit_note_items',
      'credit_notes',
      'debit_note_items',
      'debit_notes',
      'proforma_invoice_items',
      'proforma_invoices',
      'quotation_items',
      'quotations',
      'invoice_items',
      'invoices',
      'document_sequences',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
