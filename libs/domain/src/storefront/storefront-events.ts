import { AccountRepository } from '../accounts/account.repository.port';
import type { Caller } from '../shared/caller';
import { Clock } from '../shared/clock.port';
import { DomainError, Unauthorized, ValidationFailed } from '../shared/domain-error';
import { formatTimestamp } from '../shared/fiscal-year';
import { apiKeyPrincipal } from '../shared/principal';
import { ImportOutcome, OrderImport } from './order-import';
import { normalizeShopDomain } from './storefront.service';
import { SecretSealer, STOREFRONT_TOPICS, StorefrontQueue, StorefrontSigner, StorefrontStore, StorefrontTopic } from './storefront.ports';
import { parseJson } from '../shared/json';

/** A webhook delivery as the edge hands it over: the raw body bytes and the headers of the protocol. */
export interface WebhookDelivery {
  shopDomain: string | undefined;
  signature: string | undefined;
  topic: string | undefined;
  webhookId: string | undefined;
  body: Uint8Array;
}

const refused = () => new Unauthorized('The webhook signature is missing or not valid.');

/**
 * The public webhook endpoint: the account is the one connected to the shop the shop-domain header names;
 * the HMAC of the raw body with that account's secret is checked (in constant time) before the body is
 * parsed, so a delivery signed with another shop's secret, or for a shop no account has, is a 401 and
 * stores nothing. A delivery is stored once per webhook id and answered at once; the worker does the rest.
 */
export class ReceiveStorefrontWebhook {
  constructor(
    private readonly store: StorefrontStore,
    private readonly signer: StorefrontSigner,
    private readonly sealer: SecretSealer,
    private readonly queue: StorefrontQueue,
    private readonly clock: Clock,
  ) {}

  async execute(delivery: WebhookDelivery): Promise<{ received: true; duplicate: boolean }> {
    const shop = normalizeShopDomain(delivery.shopDomain);
    if (!shop || !delivery.signature) throw refused();
    const connection = await this.store.findByShop(shop);
    if (!connection || !this.signer.verify(this.sealer.open(connection.webhookSecretSealed), delivery.body, delivery.signature)) throw refused();

    const webhookId = (delivery.webhookId ?? '').trim();
    const topic = (delivery.topic ?? '').trim().toLowerCase();
    const errors: Record<string, string> = {};
    if (!webhookId || webhookId.length > 255) errors.webhook_id = 'the webhook id header is required (at most 255 characters)';
    if (!topic || topic.length > 64) errors.topic = 'the topic header is required (at most 64 characters)';
    let text = '';
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(delivery.body);
      const parsed: unknown = parseJson(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) errors.body = 'must be a JSON object';
    } catch {
      errors.body = 'is not valid JSON';
    }
    if (Object.keys(errors).length) throw new ValidationFailed(errors);

    const known = (STOREFRONT_TOPICS as readonly string[]).includes(topic);
    const now = formatTimestamp(this.clock.now());
    const { id, duplicate } = await this.store.insertEvent(
      connection.accountId,
      { webhookId, topic, payload: text, state: known ? 'received' : 'ignored', reason: known ? null : 'unknown topic' },
      now,
    );
    if (!duplicate) {
      await this.store.touchLastEvent(connection.accountId, now);
      // When the queue is down the sweeper offers the stored event later.
      if (known) await this.queue.enqueueEvent(id).catch(() => undefined);
    }
    return { received: true, duplicate };
  }
}

/** The caller the worker acts as for an account: its API key's principal (full access to its own business). */
export async function accountCaller(accounts: AccountRepository, accountId: number): Promise<Caller | null> {
  const account = await accounts.findById(accountId);
  if (!account || account.deleted || account.suspended) return null;
  return { principal: apiKeyPrincipal(accountId), account };
}

/**
 * The worker's handling of one stored event: an order becomes an invoice, a cancellation cancels it, a
 * refund becomes a credit note. Problems of the event itself (a rule of the service it breaks) end it as
 * `failed` with the reason; anything else is thrown so the queue tries again.
 */
export class ProcessStorefrontEvent {
  constructor(
    private readonly store: StorefrontStore,
    private readonly accounts: AccountRepository,
    private readonly orders: OrderImport,
    private readonly clock: Clock,
  ) {}

  async execute(eventId: number): Promise<ImportOutcome | null> {
    const event = await this.store.findEvent(eventId);
    if (!event || event.state !== 'received') return null;
    const finish = async (outcome: ImportOutcome | { state: 'failed'; reason: string; invoiceId: null }) => {
      await this.store.markEvent(event.id, outcome.state, outcome.reason, outcome.invoiceId, formatTimestamp(this.clock.now()));
      return outcome as ImportOutcome;
    };
    const connection = await this.store.findByAccount(event.accountId);
    if (!connection) return finish({ state: 'ignored', reason: 'the shop was disconnected', invoiceId: null });
    const caller = await accountCaller(this.accounts, event.accountId);
    if (!caller) return finish({ state: 'ignored', reason: 'the account is suspended or deleted', invoiceId: null });
    let payload: unknown;
    try {
      payload = parseJson(event.payload ?? 'null');
    } catch {
      return finish({ state: 'failed', reason: 'the payload is not valid JSON', invoiceId: null });
    }
    try {
      switch (event.topic as StorefrontTopic) {
        case 'orders/create':
        case 'orders/updated':
          return await finish(await this.orders.order(caller, payload));
        case 'orders/cancelled':
          return await finish(await this.orders.cancel(caller, payload));
        case 'refunds/create':
          return await finish(await this.orders.refund(caller, payload));
        default:
          return await finish({ state: 'ignored', reason: 'unknown topic', invoiceId: null });
      }
    } catch (error) {
      if (error instanceof DomainError) return finish({ state: 'failed', reason: reasonOf(error), invoiceId: null });
      throw error;
    }
  }
}

/** A domain error as one line: its message and the fields it names. */
export function reasonOf(error: DomainError): string {
  const details = Object.entries(error.details)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => `${k}: ${String(v)}`);
  return [error.message, ...details].join(' ').slice(0, 500);
}
