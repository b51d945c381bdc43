import { ActivityEvent } from '@app/domain/activity/activity-log.port';
import { ACTIVITY_LABEL_MAX, activityRow } from './typeorm-activity-log';

const event = (label: string | null): ActivityEvent => ({
  accountId: 1,
  actorKind: 'system',
  actorUserId: null,
  action: 'sent',
  entityType: 'sendout',
  entityId: 7,
  label,
  before: null,
  after: null,
  occurredAt: new Date('2025-08-10T06:00:00Z'),
});

describe('activityRow', () => {
  it('keeps a label that fits the column (an email subject of 500 characters, a webhook URL of 2000)', () => {
    for (const label of [null, 'INV/25-26/0001', 's'.repeat(500), `https://example.com/${'p'.repeat(1980)}`]) {
      expect(activityRow(event(label)).label).toBe(label);
    }
  });

  it('cuts a longer label to the column, counting characters as the database does (no surrogate pair split)', () => {
    expect(activityRow(event('x'.repeat(ACTIVITY_LABEL_MAX + 10))).label).toBe('x'.repeat(ACTIVITY_LABEL_MAX));
    const emoji = '😀'.repeat(ACTIVITY_LABEL_MAX + 1); // 2 UTF-16 units each, 1 character each in utf8mb4
    const label = activityRow(event(emoji)).label!;
    expect(Array.from(label)).toHaveLength(ACTIVITY_LABEL_MAX);
    expect(label).toBe('😀'.repeat(ACTIVITY_LABEL_MAX));
  });
});
