import { ActivityEvent, ActivityLog } from '../src/activity/activity-log.port';

/** The audit trail as an array. */
export class InMemoryActivityLog extends ActivityLog {
  readonly events: ActivityEvent[] = [];

  async append(event: ActivityEvent): Promise<void> {
    this.events.push({ ...event });
  }

  /** Events of one entity, oldest first. */
  of(entityType: string, entityId: number): ActivityEvent[] {
    return this.events.filter((e) => e.entityType === entityType && e.entityId === entityId);
  }
}
