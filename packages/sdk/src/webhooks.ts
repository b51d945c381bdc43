import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from './generated/operations';
import type { paths } from './generated/schema';

export { WebhookVerificationError };

type Read<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': { data: infer D } } } } } } ? D : never;
type SendoutRow = Read<'/v1/sendouts'> extends { history: ReadonlyArray<infer R> } ? R : never;

/** The record each resource's events carry: as `GET /v1/<resource>/{id}` answers it (a sendout as a row of its list). */
export interface WebhookObjects {
  client: Read<'/v1/clients/{id}'>;
  invoice: Read<'/v1/invoices/{id}'>;
  quotation: Read<'/v1/quotations/{id}'>;
  proforma_invoice: Read<'/v1/proforma-invoices/{id}'>;
  debit_note: Read<'/v1/debit-notes/{id}'>;
  credit_note: Read<'/v1/credit-notes/{id}'>;
  payment: Read<'/v1/payments/{id}'>;
  inventory: Read<'/v1/inventory/{id}'>;
  sendout: SendoutRow;
  reminder: Record<string, unknown>;
}

/** Every event type an endpoint may subscribe to (`POST /v1/webhooks` also takes `<prefix>.*` and `*`). */
export { WEBHOOK_EVENT_TYPES };

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A deleted record: its last form, or only its id field when none was kept, with `deleted: true`. */
export type DeletedObject<T> = Partial<T> & { deleted: true };

type ObjectOf<T extends WebhookEventType> = T extends `${infer R extends keyof WebhookObjects}.deleted`
  ? DeletedObject<WebhookObjects[R]>
  : T extends `${infer R extends keyof WebhookObjects}.${string}`
    ? WebhookObjects[R]
    : never;

/** A delivery's body, typed by its `type`: compare `event.type` to narrow `event.data.object`. */
export type WebhookEvent = {
  [T in WebhookEventType]: {
    /** `evt_...`, the same on every retry and redelivery (the `Webhook-Id` header): drop duplicates by it. */
    id: string;
    type: T;
    /** ISO 8601, UTC. */
    created_at: string;
    account_id: number;
    data: { object: ObjectOf<T> };
  };
}[WebhookEventType];

/** Request headers as Node's `http` gives them, as a fetch `Headers`, or as a plain record. */
export type HeaderSource = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * Checks a delivery's `Webhook-Signature` (Standard Webhooks: HMAC-SHA256 of `id.timestamp.body` with the endpoint's
 * `whsec_...` secret) and its `Webhook-Timestamp` (at most 5 minutes away), and returns the parsed event. Pass the
 * body exactly as received (the raw bytes or their text), not a re-serialised object. Throws
 * `WebhookVerificationError` when the signature, the timestamp or a header is wrong or missing.
 */
export function verifyWebhook(secret: string, body: string | Uint8Array, headers: HeaderSource): WebhookEvent {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  new Webhook(secret).verify(text, standardHeaders(headers), { jsonParse: false });
  return JSON.parse(text) as WebhookEvent; // signed by the API: its shape is the API's
}

function standardHeaders(headers: HeaderSource): Record<string, string> {
  const pick = (name: string): string => {
    if (headers instanceof Headers) return headers.get(name) ?? '';
    const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
    return typeof entry === 'string' ? entry : (entry?.join(' ') ?? '');
  };
  return { 'webhook-id': pick('webhook-id'), 'webhook-timestamp': pick('webhook-timestamp'), 'webhook-signature': pick('webhook-signature') };
}
