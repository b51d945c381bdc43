import { Clock } from '../shared/clock.port';
import { Principal } from '../shared/principal';
import { ActivityEvent, ActivityLog } from './activity-log.port';

type Snapshot = Record<string, unknown> | null;

/** What an entity looked like before and after a change, as far as the audit trail keeps it. */
export interface ActivitySnapshots {
  before?: Snapshot;
  after?: Snapshot;
}

export interface ActivityChange extends ActivitySnapshots {
  action: ActivityEvent['action'];
  entityType: string;
  entityId: number;
  label: string | null;
}

/**
 * Builds activity events from the caller and the change; use cases call it inside their transaction.
 * `created`, `updated` and `deleted` name the common actions; `record` takes any other verb.
 */
export class ActivityRecorder {
  constructor(
    private readonly log: ActivityLog,
    private readonly clock: Clock,
  ) {}

  created(principal: Principal, entityType: string, entityId: number, label: string | null, snapshots: ActivitySnapshots = {}): Promise<void> {
    return this.record(principal, { action: 'created', entityType, entityId, label, ...snapshots });
  }

  updated(principal: Principal, entityType: string, entityId: number, label: string | null, snapshots: ActivitySnapshots = {}): Promise<void> {
    return this.record(principal, { action: 'updated', entityType, entityId, label, ...snapshots });
  }

  deleted(principal: Principal, entityType: string, entityId: number, label: string | null, snapshots: ActivitySnapshots = {}): Promise<void> {
    return this.record(principal, { action: 'deleted', entityType, entityId, label, ...snapshots });
  }

  record(principal: Principal, change: ActivityChange): Promise<void> {
    return this.log.append(this.eventOf(principal, change));
  }

  /** The event of a change, for writers that store it themselves (see SalesDocumentRepository.insertNumbered). */
  eventOf(principal: Principal, change: ActivityChange): ActivityEvent {
    return {
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
    };
  }

  /**
   * Whether the log must read the record when it appends `event` (a webhook snapshot of it), so the record
   * has to be written, and readable, before its event. When it need not, a writer may store both at once.
   */
  readsRecord(event: ActivityEvent): Promise<boolean> {
    return this.log.readsRecord(event);
  }
}
