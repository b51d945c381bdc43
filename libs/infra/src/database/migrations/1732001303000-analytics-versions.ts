import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A per-account data version for the analytics answer cache and the list totals: `analytics_versions.version`, moved
 * by the application in every transaction that inserts, updates or deletes a row the analytics read
 * (shared/data-version.ts), so the version commits together with the change. See docs/analytics.md "Answer cache".
 * This migration first also created an AFTER INSERT, UPDATE and DELETE trigger per table that bumped the version;
 * the application now does their work, and migration 1732004000000 drops them where they were created.
 */
export class AnalyticsVersions1732001303000 implements MigrationInterface {
  name = 'AnalyticsVersions1732001303000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE analytics_versions (
      account_id INT NOT NULL PRIMARY KEY,
      version BIGINT UNSIGNED NOT NULL DEFAULT 0
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE analytics_versions');
  }
}
