import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `GET /v1/sendouts` reads an account's history newest first, `(created_at DESC, id DESC)`, by offset or by cursor
 * (a keyset from the cursor row's created_at and id). `ix_sendouts_account (account_id, id)` left both to a filesort
 * of every row of the account; this index reads a page in the list's order from its place.
 */
export class SendoutHistoryOrder1732004100000 implements MigrationInterface {
  name = 'SendoutHistoryOrder1732004100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sendouts ADD KEY ix_sendouts_account_created (account_id, created_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sendouts DROP KEY ix_sendouts_account_created');
  }
}
