import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tax documents that held a number of their tax series when they were deleted (CGST rule 46(b), section 36): the
 * API no longer shows them, but their number stays accounted for. Each row is the header and lines as they were
 * when deleted (JSON of the stored columns), counted as cancelled in GSTR-1 Table 13 (`doc_issue`). Drafts that were
 * never issued hold only a provisional number and are not kept.
 */
export class RetainedTaxDocuments1732001860000 implements MigrationInterface {
  name = 'RetainedTaxDocuments1732001860000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE retained_tax_documents (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      kind VARCHAR(20) NOT NULL,
      document_id INT NOT NULL,
      document_number VARCHAR(16) NOT NULL,
      document_date DATE NOT NULL,
      fy_start_year SMALLINT NOT NULL,
      status VARCHAR(10) NOT NULL,
      deleted_at DATETIME NOT NULL,
      header_json LONGTEXT NOT NULL,
      lines_json LONGTEXT NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_retained_tax_documents_number (account_id, kind, document_number),
      KEY ix_retained_tax_documents_date (account_id, kind, document_date)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE retained_tax_documents');
  }
}
