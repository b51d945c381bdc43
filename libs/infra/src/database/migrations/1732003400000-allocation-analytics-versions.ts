import { MigrationInterface } from 'typeorm';

/**
 * The analytics data version (docs/analytics.md "Answer cache") also moves with every insert, update and delete of
 * payment allocations: the receivables ageing reads them (an allocation dated after `as_of` did not pay its document
 * then) and keeps its answers by that version. This migration first created the triggers that moved it for
 * allocations; the application now moves it in their writing transactions (shared/data-version.ts), and migration
 * 1732004000000 drops the triggers where they were created. It no longer changes the schema.
 */
export class AllocationAnalyticsVersions1732003400000 implements MigrationInterface {
  name = 'AllocationAnalyticsVersions1732003400000';

  async up(): Promise<void> {
    // Nothing: see the class comment.
  }

  async down(): Promise<void> {
    // Nothing: see the class comment.
  }
}
