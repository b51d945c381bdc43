import { ActivityConsumer, CommittedActivity } from '../activity-relay/activity-relay.port';
import { Clock } from '../shared/clock.port';
import { subscribes, webhookEventsOf, webhookPayload } from './webhook-events';
import { NewWebhookDelivery, WebhookStore } from './webhook.ports';
import { ResourceObjects } from './resource-objects';
import { deletedObject } from './snapshotting-activity-log';

/**
 * The relay's consumer for outbound webhooks: each committed activity event becomes its webhook events,
 * and each event one pending delivery per enabled endpoint of the account that subscribes to it, written
 * in the relay's transaction. The worker's dispatcher sends them.
 */
export class WebhookEventsConsumer extends ActivityConsumer {
  readonly name = 'webhooks';

  constructor(
    private readonly store: WebhookStore,
    private readonly clock: Clock,
    private readonly objects: ResourceObjects,
  ) {
    super();
  }

  async consume(activities: CommittedActivity[]): Promise<void> {
    const events = activities.flatMap((activity) => webhookEventsOf(activity).map((event) => ({ ...event, activity })));
    if (!events.length) return;
    const endpoints = await this.store.enabledEndpoints([...new Set(events.map((e) => e.accountId))]);
    if (!endpoints.length) return;
    const rows: NewWebhookDelivery[] = [];
    for (const event of events) {
      const targets = endpoints.filter((e) => e.accountId === event.accountId && subscribes(e.events, event.type));
      if (!targets.length) continue;
      // No object stored with the event (the endpoint was made after the change): the record as it is now.
      if (!event.object) {
        const { activity } = event;
        const current = activity.action === 'deleted' ? null : await this.objects.present(event.accountId, activity.entityType, activity.entityId);
        event.object = current ?? deletedObject(activity, null);
      }
      const payload = webhookPayload(event);
      for (const endpoint of targets) {
        rows.push({
          accountId: event.accountId,
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          resourceKey: `${event.activity.entityType}:${event.activity.entityId}`,
          payload,
          occurredAt: event.occurredAt,
        });
      }
    }
    if (rows.length) await this.store.insertDeliveries(rows, this.clock.now());
  }
}
