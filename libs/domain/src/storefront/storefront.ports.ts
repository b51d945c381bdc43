import { Page, PageRequest } from '../shared/pagination';

/** The order and refund topics the integration subscribes to; any other topic is logged and acknowledged. */
export const STOREFRONT_TOPICS = ['orders/create', 'orders/updated', 'orders/cancelled', 'refunds/create'] as const;
export type StorefrontTopic = (typeof STOREFRONT_TOPICS)[number];

export const BACKFILL_STATES = ['idle', 'running', 'done', 'failed'] as const;
export type BackfillState = (typeof BACKFILL_STATES)[number];

export const EVENT_STATES = ['received', 'processed', 'failed', 'ignored'] as const;
export type StorefrontEventState = (typeof EVENT_STATES)[number];

/** Events (the logs) are kept this long. */
export const EVENT_RETENTION_DAYS = 30;

export interface BackfillProgress {
  state: BackfillState;
  done: number;
  total: number | null;
  /** Only orders created at or after this ('Y-m-d H:i:s' UTC); null: all. */
  since: string | null;
  /** Where the next page starts (the shop's cursor); null: the first page. */
  cursor: string | null;
  error: string | null;
}

export interface StorefrontConnection {
  accountId: number;
  shopDomain: string;
  accessTokenSealed: string;
  webhookSecretSealed: string;
  /** The shop's ids of the webhooks registered on connect (removed on disconnect). */
  webhookIds: string[];
  /** 'Y-m-d H:i:s' UTC. */
  connectedAt: string;
  lastEventAt: string | null;
  backfill: BackfillProgress;
}

export type NewConnection = Pick<StorefrontConnection, 'accountId' | 'shopDomain' | 'accessTokenSealed' | 'webhookSecretSealed' | 'connectedAt'>;

export interface StorefrontEvent {
  id: number;
  accountId: number;
  webhookId: string;
  topic: string;
  /** The delivery's JSON text. */
  payload: string | null;
  receivedAt: string;
  state: StorefrontEventState;
  reason: string | null;
  invoiceId: number | null;
}

/** A delivery as it is stored: its JSON text and the state it starts in. */
export type NewStorefrontEvent = Pick<StorefrontEvent, 'webhookId' | 'topic' | 'state' | 'reason'> & { payload: string };

/** What the shop sends that the service acts on once: an order (its invoice), its cancellation, a refund (its credit note). */
export type ExternalKind = 'order' | 'cancel' | 'refund';

/** An inventory item as an order line is matched to it by SKU. */
export interface SkuMatch {
  id: number;
  hsnCode: string;
}

/** Connections, events (the logs) and the order → invoice map, every query scoped by the account. */
export abstract class StorefrontStore {
  abstract findByAccount(accountId: number): Promise<StorefrontConnection | null>;
  /** The connection of a shop (domain in lower case). */
  abstract findByShop(shopDomain: string): Promise<StorefrontConnection | null>;
  /** Stores a new connection; `account` or `shop` when one of them is connected already. */
  abstract insert(connection: NewConnection): Promise<'ok' | 'account' | 'shop'>;
  abstract saveWebhookIds(accountId: number, ids: string[]): Promise<void>;
  abstract delete(accountId: number): Promise<void>;
  abstract touchLastEvent(accountId: number, at: string): Promise<void>;

  /** Sets the backfill running from the first page when none runs; false when one runs already. */
  abstract startBackfill(accountId: number, since: string | null, now: string): Promise<boolean>;
  abstract setBackfillTotal(accountId: number, total: number | null): Promise<void>;
  /** After a page: the next cursor and `processed` more done; false when the backfill is no longer running here. */
  abstract saveBackfillPage(accountId: number, nextCursor: string | null, processed: number): Promise<boolean>;
  abstract finishBackfill(accountId: number, state: 'done' | 'failed', error: string | null, now: string): Promise<void>;
  /** Accounts whose backfill is running (offered to the queue again at worker start and by the sweeper). */
  abstract runningBackfills(limit: number): Promise<number[]>;

  /** Stores a delivery once per (account, webhook id); `duplicate` when it was stored already. */
  abstract insertEvent(accountId: number, event: NewStorefrontEvent, now: string): Promise<{ id: number; duplicate: boolean }>;
  abstract findEvent(id: number): Promise<StorefrontEvent | null>;
  abstract markEvent(id: number, state: StorefrontEventState, reason: string | null, invoiceId: number | null, now: string): Promise<void>;
  abstract listEvents(accountId: number, page: PageRequest): Promise<Page<StorefrontEvent>>;
  /** Events still `received` that arrived before `before` (their job was lost): offered again. */
  abstract waitingEvents(before: string, limit: number): Promise<number[]>;
  /** Deletes events received before `before`; returns how many. */
  abstract purgeEvents(before: string): Promise<number>;

  /**
   * Claims an order or refund for this account inside the caller's transaction: true for the first
   * claim; false when it is claimed already (a concurrent claim waits for the first to commit).
   */
  abstract claim(accountId: number, kind: ExternalKind, externalId: string, now: string): Promise<boolean>;
  abstract setDocument(accountId: number, kind: ExternalKind, externalId: string, documentId: number): Promise<void>;
  abstract documentOf(accountId: number, kind: ExternalKind, externalId: string): Promise<number | null>;
  abstract inventoryBySku(accountId: number, skus: string[]): Promise<Map<string, SkuMatch>>;
}

/** One page of the shop's orders and the cursor of the next (from its `Link` header); null: the last page. */
export interface OrdersPage {
  orders: unknown[];
  next: string | null;
}

/** The shop platform's admin API (docs/storefront.md). Failures the caller should know of are `ShopApiError`s. */
export abstract class ShopAdminApi {
  /** Whether the shop takes the token: `ok`, `invalid` (401/403), or `unreachable`. */
  abstract checkToken(shopDomain: string, token: string): Promise<'ok' | 'invalid' | 'unreachable'>;
  /** Registers one webhook per topic to `address`, signed with `secret`; returns their ids. */
  abstract registerWebhooks(shopDomain: string, token: string, topics: readonly string[], address: string, secret: string): Promise<string[]>;
  /** Best effort: errors are swallowed. */
  abstract unregisterWebhooks(shopDomain: string, token: string, ids: string[]): Promise<void>;
  abstract countOrders(shopDomain: string, token: string, since: string | null): Promise<number | null>;
  /** One page, honouring 429 Retry-After and retrying 5xx with back-off before it gives up (throws). */
  abstract ordersPage(shopDomain: string, token: string, query: { since: string | null; cursor: string | null }, signal?: AbortSignal): Promise<OrdersPage>;
}

/** Webhook secrets and their HMAC-SHA256 check. */
export abstract class StorefrontSigner {
  abstract newSecret(): string;
  /** Whether `signature` (base64) is the HMAC-SHA256 of `body` with `secret`, compared in constant time. */
  abstract verify(secret: string, body: Uint8Array, signature: string): boolean;
}

/** Reversible encryption of stored secrets (AES-256-GCM with ENCRYPTION_KEY). */
export abstract class SecretSealer {
  abstract seal(plain: string): string;
  abstract open(sealed: string): string;
}

export abstract class StorefrontQueue {
  abstract enqueueEvent(eventId: number): Promise<void>;
  abstract enqueueBackfill(accountId: number): Promise<void>;
}
