import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * e-invoicing of credit and debit notes: a registration belongs to a document of a kind (`invoice`, `credit-note`,
 * `debit-note`; existing rows are invoices), one per document. `invoice_id` keeps its name and holds the id of the
 * document of that kind.
 */
export class EinvoiceNotes1732001890000 implements MigrationInterface {
  name = 'EinvoiceNotes1732001890000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE einvoice_registrations
      ADD COLUMN document_kind VARCHAR(20) NOT NULL DEFAULT 'invoice' AFTER account_id,
      DROP INDEX uq_einvoice_invoice,
      ADD UNIQUE KEY uq_einvoice_document (account_id, document_kind, invoice_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM einvoice_registrations WHERE document_kind <> 'invoice'`);
    await q.query(`ALTER TABLE einvoice_registrations
      DROP INDEX uq_einvoice_document,
      ADD UNIQUE KEY uq_einvoice_invoice (account_id, invoice_id),
      DROP COLUMN document_kind`);
  }
}
