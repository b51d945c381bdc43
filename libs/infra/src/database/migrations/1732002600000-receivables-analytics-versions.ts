import { MigrationInterface } from 'typeorm';

/**
 * The analytics data version (analytics-versions migration, docs/analytics.md "Answer cache") also moves with every
 * insert, update and delete of payments and debit notes: the summary's and full answer's `received` counts payments
 * (an advance changes no document), and `outstanding` counts debit notes. This migration first created the triggers
 * that moved it for those two tables; the application now moves it in their writing transactions
 * (shared/data-version.ts), and migration 1732004000000 drops the triggers where they were created. It no longer
 * changes the schema.
 */
export class ReceivablesAnalyticsVersions1732002600000 implements MigrationInterface {
  name = 'ReceivablesAnalyticsVersions1732002600000';

  async up(): Promise<void> {
    // Nothing: see the class comment.
  }

  async down(): Promise<void> {
    // Nothing: see the class comment.
  }
}
