import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `activity_events.label` holds the longest text an event is labelled with: an email subject (500
 * characters), an expense description (1000) or a webhook URL (2000) did not fit in 255, and the write of
 * such an event failed with the change it records. The activity log also cuts a longer label to the column
 * (`ACTIVITY_LABEL_MAX`). Going back cuts the longer labels to 255 characters.
 */
export class ActivityLabelLength1732001800000 implements MigrationInterface {
  name = 'ActivityLabelLength1732001800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE activity_events MODIFY label VARCHAR(2000) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('UPDATE activity_events SET label = LEFT(label, 255) WHERE CHAR_LENGTH(label) > 255');
    await q.query('ALTER TABLE activity_events MODIFY label VARCHAR(255) NULL');
  }
}
