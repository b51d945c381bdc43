import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['invoices', 'quotations', 'proforma_invoices', 'debit_notes', 'credit_notes'];

/** The Free plan's monthly allowance counts documents by creation time: index (account_id, created_at). */
export class DocumentCreatedIndexes1732000007000 implements MigrationInterface {
  name = 'DocumentCreatedIndexes1732000007000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`CREATE INDEX ix_${table}_created ON ${table} (account_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`DROP INDEX ix_${table}_created ON ${table}`);
  }
}
