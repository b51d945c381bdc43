import { ActivityEvent, ActivityLog } from '@app/domain/activity/activity-log.port';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';
import { rawInsert } from '../database/raw-sql';
import { ActivityEventRow } from './activity-event.entity';

export class TypeormActivityLog extends ActivityLog {
  constructor(private readonly db: Database) {
    super();
  }

  async append(event: ActivityEvent): Promise<void> {
    await rawInsert(this.db.manager(), ActivityEventRow, [activityRow(event)]);
  }
}

/** Characters `activity_events.label` holds; a longer label is cut to it, so no label can fail the write of its change. */
export const ACTIVITY_LABEL_MAX = 2000;

/** The first `max` characters of `text`, counted in code points as MySQL counts them (no surrogate pair is split). */
function clip(text: string | null, max: number): string | null {
  if (text === null || text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/** The row of an activity event. */
export function activityRow(event: ActivityEvent): Partial<ActivityEventRow> {
  return {
    accountId: event.accountId,
    actorKind: event.actorKind,
    actorUserId: event.actorUserId,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    label: clip(event.label, ACTIVITY_LABEL_MAX),
    beforeSummary: event.before ? JSON.stringify(event.before) : null,
    afterSummary: event.after ? JSON.stringify(event.after) : null,
    objectJson: event.object ? JSON.stringify(event.object) : null,
    createdAt: sqlNow(event.occurredAt),
  };
}
