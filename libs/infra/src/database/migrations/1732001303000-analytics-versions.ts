import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows the analytics statements read (every column of theirs may count). */
export const ANALYTICS_SOURCE_TABLES = ['invoices', 'invoice_items', 'credit_notes', 'proforma_invoices', 'expenses', 'clients', 'inventory_items'] as const;

/**
 * A per-account data version for the analytics answer cache: a trigger on every insert, update and
 * delete of the tables the analytics statements read bumps `analytics_versions.version` of the row's
 * account inside the writing transaction, so the version commits together with the change, whatever
 * code path (API, worker, CLI, plain SQL) made it. See docs/analytics.md "Answer cache".
 */
export class AnalyticsVersions1732001303000 implements MigrationInterface {
  name = 'AnalyticsVersions1732001303000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE analytics_versions (
      account_id INT NOT NULL PRIMARY KEY,
      version BIGINT UNSIGNED NOT NULL DEFAULT 0
    ) ENGINE=InnoDB`);
    for (const table of ANALYTICS_SOURCE_TABLES) await createVersionTriggers(q, table);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ANALYTICS_SOURCE_TABLES) await dropVersionTriggers(q, table);
    await q.query('DROP TABLE analytics_versions');
  }
}

const TRIGGER_EVENTS = [
  ['INSERT', 'NEW'],
  ['UPDATE', 'NEW'],
  ['DELETE', 'OLD'],
] as const;

/** Triggers that bump the account's data version on every insert, update and delete of `table` (it has `account_id`). */
export async function createVersionTriggers(q: Pick<QueryRunner, 'query'>, table: string): Promise<void> {
  for (const [event, row] of TRIGGER_EVENTS) {
    await q.query(
      `CREATE TRIGGER trg_${table}_${event.toLowerCase()}_analytics AFTER ${event} ON ${table} FOR EACH ROW
       INSERT INTO analytics_versions (account_id, version) VALUES (${row}.account_id, 1) ON DUPLICATE KEY UPDATE version = version + 1`,
    );
  }
}

export async function dropVersionTriggers(q: Pick<QueryRunner, 'query'>, table: string): Promise<void> {
  for (const [event] of TRIGGER_EVENTS) await q.query(`DROP TRIGGER IF EXISTS trg_${table}_${event.toLowerCase()}_analytics`);
}
