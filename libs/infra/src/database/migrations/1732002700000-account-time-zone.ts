import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account's time zone (an IANA name, Asia/Kolkata unless the business chooses another): the day of the daily
 * jobs (recurring invoices, payment reminders) is the date in it.
 */
export class AccountTimeZone1732002700000 implements MigrationInterface {
  name = 'AccountTimeZone1732002700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE accounts ADD COLUMN time_zone VARCHAR(64) NOT NULL DEFAULT 'Asia/Kolkata'");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE accounts DROP COLUMN time_zone');
  }
}
