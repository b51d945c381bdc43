import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statement sendouts: a sendout of `document_type` `statement` mails a client's statement of account for a period
 * (`period_from`..`period_to`, resolved when it was queued) and names no document (`document_id` NULL). Rows of
 * documents keep their document and have no period.
 */
export class StatementSendouts1732002500000 implements MigrationInterface {
  name = 'StatementSendouts1732002500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sendouts MODIFY document_id INT NULL,
      ADD COLUMN period_from DATE NULL AFTER document_id,
      ADD COLUMN period_to DATE NULL AFTER period_from`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sendouts WHERE document_id IS NULL`);
    await q.query(`ALTER TABLE sendouts DROP COLUMN period_from, DROP COLUMN period_to, MODIFY document_id INT NOT NULL`);
  }
}
