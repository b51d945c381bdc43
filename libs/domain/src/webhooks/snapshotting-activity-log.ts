import { ActivityEvent, ActivityLog } from '../activity/activity-log.port';
import { PresentedObject, ResourceObjects } from './resource-objects';
import { webhookEventsOf } from './webhook-events';

/** What the snapshotting log reads besides the records themselves. */
export abstract class WebhookSnapshotSource {
  /** Whether the account has an enabled webhook endpoint (otherwise nobody would receive the object). */
  abstract hasEnabledEndpoint(accountId: number): Promise<boolean>;
  /** The object stored with the latest activity event of the record, or null. */
  abstract lastObject(accountId: number, entityType: string, entityId: number): Promise<PresentedObject | null>;
}

/**
 * Why webhook objects are taken here: a webhook's `data.object` must be the record as the API returns it
 * at the time of the event (an `invoice.updated` shows that update, not a later one), and the worker that
 * sends the event runs later, when the record may have changed again or be gone. So the object is read and
 * presented (the `ResourceObjects` port, which the contract library implements with the API's own presenters) when the use case appends its activity event,
 * inside the change's transaction, and stored with the event (`activity_events.object_json`). Only
 * accounts with an enabled endpoint pay for the read. A deletion carries the object of the record's
 * previous event with `deleted: true` (or just its id when there is none).
 */
export class SnapshottingActivityLog extends ActivityLog {
  constructor(
    private readonly inner: ActivityLog,
    private readonly objects: ResourceObjects,
    private readonly source: WebhookSnapshotSource,
  ) {
    super();
  }

  async append(event: ActivityEvent): Promise<void> {
    if (!(await this.readsRecord(event))) return this.inner.append(event);
    const object =
      event.action === 'deleted'
        ? deletedObject(this.objects, event, await this.source.lastObject(event.accountId, event.entityType, event.entityId))
        : await this.objects.present(event.accountId, event.entityType, event.entityId);
    return this.inner.append({ ...event, object });
  }

  override async readsRecord(event: ActivityEvent): Promise<boolean> {
    return (
      event.object === undefined &&
      this.objects.handles(event.entityType) &&
      webhookEventsOf({ ...event, id: 0 }).length > 0 &&
      (await this.source.hasEnabledEndpoint(event.accountId))
    );
  }
}

/** The object of a deleted record: its last known form, or only its id, with `deleted: true`. */
export function deletedObject(objects: ResourceObjects, event: Pick<ActivityEvent, 'entityType' | 'entityId'>, last: PresentedObject | null): PresentedObject {
  return { ...(last ?? objects.idObject(event.entityType, event.entityId)), deleted: true };
}
