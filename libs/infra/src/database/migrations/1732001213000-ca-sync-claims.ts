import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CA-sync sends carry the name of their period, and a scheduled send is claimed through `once_key`
 * (unique per account; null on test sends and on failed scheduled sends, which may then be tried
 * again), so a period's scheduled email goes out once across worker processes. The earlier unique key
 * on (account, period, trigger, status) could not express that and is dropped.
 */
export class CaSyncClaims1732001213000 implements MigrationInterface {
  name = 'CaSyncClaims1732001213000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ca_sync_sends
      DROP INDEX uq_ca_sync_scheduled,
      ADD COLUMN period_label VARCHAR(30) NOT NULL DEFAULT '' AFTER period_to,
      ADD COLUMN once_key VARCHAR(40) NULL,
      ADD UNIQUE KEY uq_ca_sync_once (account_id, once_key),
      ADD KEY ix_ca_sync_sends_status (status, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ca_sync_sends DROP INDEX ix_ca_sync_sends_status, DROP INDEX uq_ca_sync_once, DROP COLUMN once_key, DROP COLUMN period_label,
      ADD UNIQUE KEY uq_ca_sync_scheduled (account_id, period_from, period_to, trigger_kind, status)`);
  }
}
