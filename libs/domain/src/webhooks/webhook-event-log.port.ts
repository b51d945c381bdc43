/** One webhook event as the events log keeps it: the body its deliveries carry, and what it is about. */
export interface StoredWebhookEvent {
  /** `evt_<activity id>_<n>`, or `evt_ping_<random>` for a test delivery. */
  id: string;
  accountId: number;
  type: string;
  /** The entity the event is about (`invoice`, `client`, ..., `webhook_endpoint` for a ping) and its id. */
  resourceType: string;
  resourceId: number;
  /** The JSON body sent to endpoints (`webhookPayload`). */
  payload: string;
  createdAt: Date;
}

export interface WebhookEventQuery {
  type?: string;
  resourceType?: string;
  resourceId?: number;
  /** Events created before this are not shown (the 30-day window). */
  since: Date;
  /** `updated_since`: only events recorded at or after it (the log is append-only); cursors are not bound by it. */
  createdSince?: Date;
  limit: number;
  /** An event id: the page holds the events older than it (the next page). */
  startingAfter?: string;
  /** An event id: the page holds the events newer than it (the previous page). */
  endingBefore?: string;
}

export interface WebhookEventPage {
  /** Newest first. */
  events: StoredWebhookEvent[];
  /** More events match beyond this page, in the direction paged. */
  hasMore: boolean;
}

/**
 * The account's webhook events, each kept once whether or not an endpoint subscribes to it, in the order they
 * were recorded (newest first), for `GET /v1/events`; old ones are purged by the daily housekeeping.
 */
export abstract class WebhookEventLog {
  /** Writes events (an id already kept is left as it is). */
  abstract insert(events: StoredWebhookEvent[]): Promise<void>;
  abstract find(accountId: number, id: string, since: Date): Promise<StoredWebhookEvent | null>;
  /** A page of the account's events; null when a cursor names no event of the account in the window. */
  abstract list(accountId: number, query: WebhookEventQuery): Promise<WebhookEventPage | null>;
  /** Deletes up to `limit` events created before `cutoff`; how many it deleted. */
  abstract deleteOlderThan(cutoff: Date, limit: number): Promise<number>;
}
