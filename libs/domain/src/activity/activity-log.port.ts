/** One entry of the account's audit trail, appended in the same transaction as the change it records. */
export interface ActivityEvent {
  accountId: number;
  actorKind: 'api_key' | 'user' | 'system';
  actorUserId: number | null;
  /** `created`, `updated`, `deleted`, `converted`, or another verb of the entity. */
  action: string;
  entityType: string;
  entityId: number;
  /** A human label: the document number or the client's name. */
  label: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  occurredAt: Date;
  /**
   * The record as the API returned it right after the change (webhook `data.object`), taken in the change's
   * transaction by `SnapshottingActivityLog` while the account has an enabled webhook endpoint.
   */
  object?: Record<string, unknown> | null;
}

export abstract class ActivityLog {
  abstract append(event: ActivityEvent): Promise<void>;

  /** Whether `append` reads the record the event is about (only a snapshotting log does). */
  readsRecord(_event: ActivityEvent): Promise<boolean> {
    return Promise.resolve(false);
  }
}
