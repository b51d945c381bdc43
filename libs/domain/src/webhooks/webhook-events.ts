import { CommittedActivity } from '../activity-relay/activity-relay.port';

/** Entity types whose changes become webhook events, by their event prefix. */
const DOCUMENT_PREFIXES: Readonly<Record<string, string>> = {
  client: 'client',
  invoice: 'invoice',
  quotation: 'quotation',
  proforma_invoice: 'proforma_invoice',
  debit_note: 'debit_note',
  credit_note: 'credit_note',
  payment: 'payment',
};

/** Every event type an endpoint may subscribe to (besides the wildcards `*` and `<prefix>.*`). */
export const WEBHOOK_EVENT_TYPES = [
  'client.created',
  'client.updated',
  'client.deleted',
  'invoice.created',
  'invoice.updated',
  'invoice.deleted',
  'invoice.paid',
  'quotation.created',
  'quotation.updated',
  'quotation.deleted',
  'quotation.converted',
  'proforma_invoice.created',
  'proforma_invoice.updated',
  'proforma_invoice.deleted',
  'proforma_invoice.converted',
  'debit_note.created',
  'debit_note.updated',
  'debit_note.deleted',
  'credit_note.created',
  'credit_note.updated',
  'credit_note.deleted',
  'payment.created',
  'payment.deleted',
  'inventory.low_stock',
  'sendout.sent',
  'sendout.failed',
  'reminder.sent',
] as const;

/** The event of `POST /v1/webhooks/{id}/test`: sent to that endpoint only, never subscribed to. */
export const PING_EVENT_TYPE = 'ping';

/** The `resource_type` of events: the entity each is about (`reminder.sent` is about its invoice, a ping about its endpoint). */
export const WEBHOOK_RESOURCE_TYPES = [
  'client',
  'invoice',
  'quotation',
  'proforma_invoice',
  'debit_note',
  'credit_note',
  'payment',
  'inventory',
  'sendout',
  'webhook_endpoint',
] as const;

const PREFIXES = [...new Set(WEBHOOK_EVENT_TYPES.map((t) => t.split('.')[0]))];

/** A subscription pattern: an event type, `<prefix>.*`, or `*`. */
export function isWebhookEventPattern(value: string): boolean {
  if (value === '*') return true;
  if (value.endsWith('.*')) return PREFIXES.includes(value.slice(0, -2));
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

export function subscribes(patterns: readonly string[], type: string): boolean {
  return patterns.some((p) => p === '*' || p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))));
}

export interface WebhookEvent {
  /** Stable per activity event and type: `evt_<activity id>_<n>`. */
  id: string;
  type: string;
  occurredAt: Date;
  accountId: number;
  /** The entity the event is about (the activity event's) and its id. */
  resourceType: string;
  resourceId: number;
  /** The record as the API returns it (null until the consumer has read it). */
  object: Record<string, unknown> | null;
  /**
   * What made the record, when a schedule of the service did rather than a request: `invoice.created` of an
   * invoice a recurring profile made carries `{source: 'recurring', recurring_invoice_id}`.
   */
  origin?: { source: string; recurring_invoice_id?: number } | { reminder: Record<string, unknown> };
}

/**
 * The webhook events of one committed activity event: `<prefix>.<action>` of documents, clients and payments
 * (of payments only `created` and `deleted` are events), `invoice.paid` beside the update that made an invoice paid
 * (a PATCH of its payment status or a payment allocated to it), `inventory.low_stock` (the `low_stock` event
 * a stock movement records when it takes an item to its threshold or below) and `sendout.sent|failed`.
 * The object is the one stored with the activity event (see `SnapshottingActivityLog`); null when none was
 * stored, and the consumer then reads it.
 */
export function webhookEventsOf(activity: CommittedActivity): WebhookEvent[] {
  const types: string[] = [];
  const prefix = DOCUMENT_PREFIXES[activity.entityType];
  if (activity.entityType === 'invoice' && activity.action === 'reminder_sent') {
    types.push('reminder.sent');
  } else if (prefix) {
    types.push(`${prefix}.${activity.action}`);
    if (prefix === 'invoice' && activity.after?.payment_status === 'paid' && activity.before?.payment_status !== 'paid' && activity.action !== 'deleted') {
      types.push('invoice.paid');
    }
  } else if (activity.entityType === 'inventory' && activity.action === 'low_stock') {
    types.push('inventory.low_stock');
  } else if (activity.entityType === 'sendout' && (activity.action === 'sent' || activity.action === 'failed')) {
    types.push(`sendout.${activity.action}`);
  }
  const known = types.filter((t) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(t));
  const object = activity.object ?? null;
  const source = activity.action === 'created' && typeof activity.after?.source === 'string' ? activity.after.source : null;
  const origin: WebhookEvent['origin'] | null = source
    ? { source, ...(typeof activity.after?.recurring_invoice_id === 'number' ? { recurring_invoice_id: activity.after.recurring_invoice_id } : {}) }
    : activity.action === 'reminder_sent' && activity.after
      ? { reminder: activity.after }
      : null;
  return known.map((type, n) => ({
    id: `evt_${activity.id}_${n}`,
    type,
    occurredAt: activity.occurredAt,
    accountId: activity.accountId,
    resourceType: activity.entityType,
    resourceId: activity.entityId,
    object,
    ...(origin ? { origin } : {}),
  }));
}

/**
 * The JSON body sent, and kept in the events log: `{id, type, created_at, account_id, resource_type, resource_id,
 * data: {object}}` (and `data.source`, `data.recurring_invoice_id` when it has an origin).
 */
export function webhookPayload(event: WebhookEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.occurredAt.toISOString(),
    account_id: event.accountId,
    resource_type: event.resourceType,
    resource_id: event.resourceId,
    data: { object: event.object, ...event.origin },
  });
}
