import { Page, PageRequest } from '../shared/pagination';

export interface WebhookEndpointFields {
  url: string;
  description: string | null;
  /** Event types or patterns (`invoice.*`, `*`). */
  events: string[];
  enabled: boolean;
}

export interface WebhookEndpoint extends WebhookEndpointFields {
  id: number;
  accountId: number;
  /** The signing secret (`whsec_...`), read back from its sealed form. */
  secret: string;
  /** The secret before the last rotation, signing beside the new one until `previousSecretUntil`. */
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  /** Start of the current run of failed attempts; null after a success. */
  failingSince: Date | null;
  /** Why the service disabled it (`failing`), null when it was not the service. */
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDelivery {
  id: number;
  endpointId: number;
  eventId: string;
  eventType: string;
  /** The resource the event is about (`invoice:42`); its events reach an endpoint in order. Null on rows made before it was kept. */
  resourceKey: string | null;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  responseStatus: number | null;
  /** The first 1 KB of the last answer, or why there was none (timeout, refused address). */
  responseBody: string | null;
  durationMs: number | null;
  occurredAt: Date;
  createdAt: Date;
  /** The delivery this one sends again. */
  redeliveryOf: number | null;
}

export interface NewWebhookDelivery {
  accountId: number;
  endpointId: number;
  eventId: string;
  eventType: string;
  resourceKey: string | null;
  payload: string;
  occurredAt: Date;
  redeliveryOf?: number | null;
}

export interface AttemptRecord {
  at: Date;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
}

/** Endpoints and deliveries, account-scoped for the API; the dispatch side works across accounts. */
export abstract class WebhookStore {
  abstract listEndpoints(accountId: number): Promise<WebhookEndpoint[]>;
  abstract findEndpoint(accountId: number, id: number): Promise<WebhookEndpoint | null>;
  abstract countEndpoints(accountId: number): Promise<number>;
  abstract insertEndpoint(accountId: number, fields: WebhookEndpointFields, secret: string, now: Date): Promise<number>;
  abstract updateEndpoint(accountId: number, id: number, fields: WebhookEndpointFields, now: Date): Promise<void>;
  /** Deletes the endpoint and its deliveries. */
  abstract deleteEndpoint(accountId: number, id: number): Promise<void>;
  abstract rotateSecret(accountId: number, id: number, secret: string, previous: string, previousUntil: Date, now: Date): Promise<void>;
  /** Enabled endpoints of these accounts (the relay's consumer). */
  abstract enabledEndpoints(accountIds: number[]): Promise<WebhookEndpoint[]>;

  abstract insertDeliveries(rows: NewWebhookDelivery[], now: Date): Promise<number>;
  abstract listDeliveries(accountId: number, endpointId: number, page: PageRequest): Promise<Page<WebhookDelivery>>;
  abstract findDelivery(accountId: number, endpointId: number, id: number): Promise<WebhookDelivery | null>;

  /**
   * Enabled endpoints with a due pending delivery that no process holds (see `leaseEndpoint`), the one waiting
   * longest first, less those in `except`.
   */
  abstract dueEndpoints(now: Date, limit: number, except: readonly number[]): Promise<Array<{ id: number; accountId: number }>>;
  /**
   * The endpoint's deliveries that may go now: of each resource, its pending delivery of the earliest event (then
   * the earliest made), when it is due and not in `taken` (deliveries the caller holds already: their resources
   * then give none). At most one per resource, so they may be sent at once; oldest first.
   */
  abstract dueHeads(endpointId: number, now: Date, limit: number, taken: readonly number[]): Promise<WebhookDelivery[]>;
  /**
   * Takes an enabled endpoint for this process until `until`, so that no other process sends to it meanwhile:
   * the lease's token, or null when another process holds it.
   */
  abstract leaseEndpoint(endpointId: number, now: Date, until: Date): Promise<string | null>;
  /** Extends the lease; false when it is no longer this token's (it ran out and another process took it). */
  abstract renewLease(endpointId: number, lease: string, until: Date): Promise<boolean>;
  abstract releaseEndpoint(endpointId: number, lease: string): Promise<void>;
  /** Writes the outcomes of attempts (several at once). */
  abstract recordAttempts(records: ReadonlyArray<{ deliveryId: number; attempt: AttemptRecord }>): Promise<void>;
  /** Sets or clears the endpoint's failing streak. */
  abstract setFailingSince(endpointId: number, since: Date | null): Promise<void>;
  abstract disableEndpoint(endpointId: number, reason: string, now: Date): Promise<void>;
}

/** Signing of the Standard Webhooks scheme. */
export abstract class WebhookSigner {
  /** A new secret: `whsec_` and 32 random bytes in base64. */
  abstract newSecret(): string;
  /** A new id for an event that is no activity event (a test ping): `evt_ping_` and 16 random bytes in hex. */
  abstract newPingId(): string;
  /** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
  abstract sign(secret: string, messageId: string, at: Date, body: string): string;
}

export interface WebhookResponse {
  /** Null when no HTTP answer came (refused address, timeout, connection error). */
  status: number | null;
  /** First 1 KB of the answer, or the reason there was none. */
  body: string;
  durationMs: number;
}

/** Checks and sends to receiver URLs; both resolve the host and refuse addresses the SSRF guard forbids. */
export abstract class WebhookTransport {
  /** Null when the URL may receive webhooks, or what is wrong with it. */
  abstract checkUrl(url: string): Promise<string | null>;
  abstract post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookResponse>;
}
