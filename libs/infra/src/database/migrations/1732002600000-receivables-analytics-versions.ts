import { MigrationInterface, QueryRunner } from 'typeorm';
import { createVersionTriggers, dropVersionTriggers } from './1732001303000-analytics-versions';

/** The tables the analytics' `received` and `outstanding` read besides those the analytics-versions migration covers. */
export const RECEIVABLES_SOURCE_TABLES = ['payments', 'debit_notes'] as const;

/**
 * The analytics data version (analytics-versions migration, docs/analytics.md "Answer cache") also moves with every
 * insert, update and delete of payments and debit notes: the summary's and full answer's `received` counts payments
 * (an advance changes no document), and `outstanding` counts debit notes. Allocations are not read by any analytics
 * statement: what they change there is the paid amount of their documents, whose rows the ledger updates in the same
 * transaction (so the invoices' and debit notes' triggers move the version).
 */
export class ReceivablesAnalyticsVersions1732002600000 implements MigrationInterface {
  name = 'ReceivablesAnalyticsVersions1732002600000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of RECEIVABLES_SOURCE_TABLES) await createVersionTriggers(q, table);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of RECEIVABLES_SOURCE_TABLES) await dropVersionTriggers(q, table);
  }
}
