import { Clock } from '../shared/clock.port';
import { Principal } from '../shared/principal';
import { ActivityEvent, ActivityLog } from './activity-log.port';

export interface ActivityChange {
  action: ActivityEvent['action'];
  entityType: string;
  entityId: number;
  label: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Builds activity events from the caller and the change; use cases call it inside their transaction. */
export class ActivityRecorder {
  constructor(
    private readonly log: ActivityLog,
    private readonly clock: Clock,
  ) {}

  record(principal: Principal, change: ActivityChange): Promise<void> {
    return this.log.append({
      accountId: principal.accountId,
      actorKind: principal.kind,
      actorUserId: principal.userId,
      action: change.action,
      entityType: change.entityType,
      entityId: change.entityId,
      label: change.label,
      before: change.before ?? null,
      after: change.after ?? null,
      occurredAt: this.clock.now(),
    });
  }
}
