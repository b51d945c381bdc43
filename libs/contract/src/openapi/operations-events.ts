import type { OperationDoc } from './operations-kit';
import { arr, bool, obj, ref } from './schema-kit';

/** The events log and the test ping (part of OPERATIONS). */
export const EVENT_OPERATIONS: Record<string, OperationDoc> = {
  'GET /v1/events': {
    id: 'listEvents',
    summary: 'Webhook events of the last 30 days, newest first',
    description:
      'Every webhook event of the account of the last 30 days, whether or not an endpoint subscribed to it or received it, newest first (in the order the service recorded them). Each is the body its deliveries carry. Cursor pages: `starting_after` (the last id of a page) gives the next, older page; `ending_before` (the first id of a page) the newer one; `has_more` says whether more match beyond the page in that direction. A cursor that is no event of the account within the 30 days is 400. `updated_since`: only events recorded at or after it (the log is append-only). Filters: `type`, `resource_type` with `resource_id`. Permission `integrations`.',
    data: obj({ events: arr(ref('WebhookEvent')), has_more: bool({ description: 'More events match beyond this page, in the direction paged' }) }),
  },
  'GET /v1/events/{event_id}': {
    id: 'getEvent',
    summary: 'Get a webhook event',
    description:
      'The event with this id (the `Webhook-Id` of its deliveries), while it is at most 30 days old; 404 otherwise and for another account’s event. Permission `integrations`.',
    data: ref('WebhookEvent'),
  },
  'POST /v1/webhooks/{id}/test': {
    id: 'testWebhook',
    summary: 'Send a signed ping event to the endpoint now',
    description:
      'Sends a `ping` event (`x-webhooks`) to the endpoint at once, enabled or not, signed and sent like every delivery, and answers its delivery: `status` `succeeded` (a 2xx came back) or `failed` with `response_status`, `response_body` and `duration_ms`. A ping is one attempt, not retried, and does not count towards disabling a failing endpoint; it is listed in the endpoint’s deliveries and in `GET /v1/events`.',
    status: 200,
    data: ref('WebhookDelivery'),
  },
};
