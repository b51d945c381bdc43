import { ActivityConsumer, CommittedActivity } from '../activity-relay/activity-relay.port';
import { Clock } from '../shared/clock.port';
import { subscribes, webhookEventsOf, webhookPayload } from './webhook-events';
import { StoredWebhookEvent, WebhookEventLog } from './webhook-event-log.port';
import { NewWebhookDelivery, WebhookStore } from './webhook.ports';
import { ResourceObjects } from './resource-objects';
import { deletedObject } from './snapshotting-activity-log';

/**
 * The relay's consumer for outbound webhooks: each committed activity event becomes its webhook events, each
 * kept once in the events log (`GET /v1/events`, whether or not an endpoint subscribes) and sent as one pending
 * delivery per enabled endpoint of the account that subscribes to it, all written in the relay's transaction.
 * The worker's dispatcher sends them.
 */
export class WebhookEventsConsumer extends ActivityConsumer {
  readonly name = 'webhooks';

  constructor(
    private readonly store: WebhookStore,
    private readonly clock: Clock,
    private readonly objects: ResourceObjects,
    private readonly log: WebhookEventLog,
  ) {
    super();
  }

  async consume(activities: CommittedActivity[]): Promise<void> {
    const events = activities.flatMap((activity) => webhookEventsOf(activity).map((event) => ({ ...event, activity })));
    if (!events.length) return;
    const endpoints = await this.store.enabledEndpoints([...new Set(events.map((e) => e.accountId))]);
    const kept: StoredWebhookEvent[] = [];
    const rows: NewWebhookDelivery[] = [];
    /** The record as it is now, read once per activity event (its webhook events share the object). */
    const current = new Map<number, Record<string, unknown>>();
    for (const event of events) {
      const { activity } = event;
      // No object stored with the event (no enabled endpoint when it was appended): the record as it is now.
      if (!event.object) {
        let object = current.get(activity.id);
        if (!object) {
          const now = activity.action === 'deleted' ? null : await this.objects.present(event.accountId, activity.entityType, activity.entityId);
          object = now ?? deletedObject(this.objects, activity, null);
          current.set(activity.id, object);
        }
        event.object = object;
      }
      const payload = webhookPayload(event);
      kept.push({
        id: event.id,
        accountId: event.accountId,
        type: event.type,
        resourceType: event.resourceType,
        resourceId: event.resourceId,
        payload,
        createdAt: event.occurredAt,
      });
      for (const endpoint of endpoints) {
        if (endpoint.accountId !== event.accountId || !subscribes(endpoint.events, event.type)) continue;
        rows.push({
          accountId: event.accountId,
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          resourceKey: `${activity.entityType}:${activity.entityId}`,
          payload,
          occurredAt: event.occurredAt,
        });
      }
    }
    await this.log.insert(kept);
    if (rows.length) await this.store.insertDeliveries(rows, this.clock.now());
  }
}
