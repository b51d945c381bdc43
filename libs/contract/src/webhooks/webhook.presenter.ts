import { formatTimestamp } from '@app/domain/shared/fiscal-year';
import { WebhookDelivery, WebhookEndpoint } from '@app/domain/webhooks/webhook.ports';

const stamp = (d: Date | null) => (d ? formatTimestamp(d) : null);

/** An endpoint as the API shows it: never the secret (it is shown once, on create and on rotation). */
export function presentWebhook(e: WebhookEndpoint) {
  return {
    webhook_id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    enabled: e.enabled,
    disabled_reason: e.disabledReason,
    failing_since: stamp(e.failingSince),
    previous_secret_expires_at: e.previousSecretUntil && e.previousSecret ? stamp(e.previousSecretUntil) : null,
    created_at: formatTimestamp(e.createdAt),
    updated_at: formatTimestamp(e.updatedAt),
  };
}

export function presentDelivery(d: WebhookDelivery) {
  return {
    delivery_id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status,
    attempts: d.attempts,
    response_status: d.responseStatus,
    response_body: d.responseBody,
    duration_ms: d.durationMs,
    last_attempt_at: stamp(d.lastAttemptAt),
    next_attempt_at: d.status === 'pending' ? stamp(d.nextAttemptAt) : null,
    redelivery_of: d.redeliveryOf,
    created_at: formatTimestamp(d.createdAt),
  };
}
