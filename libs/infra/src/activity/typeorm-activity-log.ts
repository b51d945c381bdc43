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

/** The row of an activity event. */
export function activityRow(event: ActivityEvent): Partial<ActivityEventRow> {
  return {
    accountId: event.accountId,
    actorKind: event.actorKind,
    actorUserId: event.actorUserId,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    label: event.label,
    beforeSummary: event.before ? JSON.stringify(event.before) : null,
    afterSummary: event.after ? JSON.stringify(event.after) : null,
    objectJson: event.object ? JSON.stringify(event.object) : null,
    createdAt: sqlNow(event.occurredAt),
  };
}
