import { MigrationInterface, QueryRunner } from 'typeorm';
import { createVersionTriggers, dropVersionTriggers } from './1732001303000-analytics-versions';

/**
 * The analytics data version (docs/analytics.md "Answer cache") also moves with every insert, update and delete of
 * payment allocations. The receivables ageing reads them (an allocation dated after `as_of` did not pay its document
 * then) and keeps its answers by that version. The ledger's own changes of allocations also update their payments'
 * sums and their documents, which moved the version already; these triggers make any other write (a plain SQL fix, a
 * future path) move it too, so no cached ageing can outlive a change of the allocations it read.
 */
export class AllocationAnalyticsVersions1732003400000 implements MigrationInterface {
  name = 'AllocationAnalyticsVersions1732003400000';

  async up(q: QueryRunner): Promise<void> {
    await createVersionTriggers(q, 'payment_allocations');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropVersionTriggers(q, 'payment_allocations');
  }
}
