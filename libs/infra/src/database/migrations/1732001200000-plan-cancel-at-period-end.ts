import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether the account's store subscription will renew: when it will not, Pro stays until
 * `subscription_expires_at` and the plan shows `cancel_at_period_end: true` until then.
 */
export class PlanCancelAtPeriodEnd1732001200000 implements MigrationInterface {
  name = 'PlanCancelAtPeriodEnd1732001200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE accounts ADD COLUMN subscription_cancel_at_period_end TINYINT(1) NOT NULL DEFAULT 0 AFTER subscription_expires_at');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE accounts DROP COLUMN subscription_cancel_at_period_end');
  }
}
