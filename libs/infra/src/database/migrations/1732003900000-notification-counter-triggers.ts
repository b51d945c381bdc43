import { MigrationInterface, QueryRunner } from 'typeorm';

/** The triggers that kept `notification_unread_counts` before the notification repository moved it itself. */
export const NOTIFICATION_COUNTER_TRIGGERS = ['trg_notifications_unread_insert', 'trg_notifications_unread_update', 'trg_notifications_unread_delete'] as const;

/**
 * Drops the notification unread-count triggers from databases that ran the unread-counts migration while it still
 * created them: the repository now moves each counter in the same transaction as its change (infra
 * notifications/unread-counters.ts), and a schema without triggers runs on engines that have none (docs/scaling.md).
 * The counters the triggers kept are exact, so nothing is recounted. `down` leaves them dropped: the repository
 * keeps counting whichever version of the schema it runs on, and triggers beside it would count twice.
 */
export class NotificationCounterTriggers1732003900000 implements MigrationInterface {
  name = 'NotificationCounterTriggers1732003900000';

  async up(q: QueryRunner): Promise<void> {
    for (const name of NOTIFICATION_COUNTER_TRIGGERS) await q.query(`DROP TRIGGER IF EXISTS ${name}`);
  }

  async down(): Promise<void> {
    // Nothing to restore: see the class comment.
  }
}
