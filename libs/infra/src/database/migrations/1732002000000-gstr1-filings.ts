import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The months whose GSTR-1 an account marked filed (`POST /v1/exports/gstr1/filed`): when, and the documents the
 * return reported then (JSON, amounts in rupees), against which GSTR-1A tells what was created, changed,
 * cancelled or deleted since. One marking per account and month.
 */
export class Gstr1Filings1732002000000 implements MigrationInterface {
  name = 'Gstr1Filings1732002000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE gstr1_filings (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      period CHAR(7) NOT NULL,
      filed_at DATETIME NOT NULL,
      snapshot_json LONGTEXT NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_gstr1_filings_period (account_id, period)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE gstr1_filings');
  }
}
