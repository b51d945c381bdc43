import type { Caller } from '../shared/caller';
import { assertProFeature } from '../accounts/plan';
import { Clock } from '../shared/clock.port';
import { Conflict, ValidationFailed } from '../shared/domain-error';
import { formatTimestamp } from '../shared/fiscal-year';
import { Page, PageRequest } from '../shared/pagination';
import {
  BackfillProgress,
  SecretSealer,
  ShopAdminApi,
  STOREFRONT_TOPICS,
  StorefrontConnection,
  StorefrontEvent,
  StorefrontQueue,
  StorefrontSigner,
  StorefrontStore,
} from './storefront.ports';

/** The connection as the API shows it: never the token or the secret. */
export interface StorefrontStatus {
  connected: boolean;
  shopDomain: string | null;
  connectedAt: string | null;
  lastEventAt: string | null;
  backfill: Pick<BackfillProgress, 'state' | 'done' | 'total'>;
}

export interface ConnectInput {
  shopDomain?: unknown;
  accessToken?: unknown;
}

/** A host name of letters, digits and hyphens in dot-separated labels (no port, path or user). */
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The shop domain as stored and compared: lower case, a bare host name; null when it is not one. */
export function normalizeShopDomain(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const domain = value.trim().toLowerCase().replace(/\.$/, '');
  return HOST.test(domain) ? domain : null;
}

export const WEBHOOK_PATH = '/v1/integrations/storefront/webhooks';

/** Connect, status, disconnect, backfill start and the logs of the storefront integration (docs/storefront.md). */
export class StorefrontService {
  constructor(
    private readonly store: StorefrontStore,
    private readonly api: ShopAdminApi,
    private readonly signer: StorefrontSigner,
    private readonly sealer: SecretSealer,
    private readonly queue: StorefrontQueue,
    private readonly clock: Clock,
    private readonly publicBaseUrl: string,
  ) {}

  async status(caller: Caller): Promise<StorefrontStatus> {
    return presentStatus(await this.store.findByAccount(caller.account.id));
  }

  /**
   * Checks the token with the shop, stores it sealed with a new webhook secret, and registers the webhooks of
   * the four topics. A token the shop refuses is a 400 and nothing is stored; a second shop for the account, or
   * a shop another account has, is a 409.
   */
  async connect(caller: Caller, input: ConnectInput): Promise<StorefrontStatus> {
    assertProFeature(caller.account, this.clock.now(), 'storefront');
    const errors: Record<string, string> = {};
    const shop = normalizeShopDomain(input.shopDomain);
    if (!shop) errors.shopDomain = input.shopDomain === undefined ? 'is required' : 'must be a host name such as my-shop.example.com';
    const token = typeof input.accessToken === 'string' ? input.accessToken.trim() : '';
    if (!token) errors.accessToken = 'is required';
    else if (token.length > 500 || /\s/.test(token)) errors.accessToken = 'must be at most 500 characters without spaces';
    if (Object.keys(errors).length || !shop) throw new ValidationFailed(errors);

    const accountId = caller.account.id;
    if (await this.store.findByAccount(accountId)) throw new Conflict('The account is connected to a shop already; disconnect it first.', { shopDomain: shop });
    if (await this.store.findByShop(shop)) throw new Conflict('This shop is connected to another account.', { shopDomain: shop });

    const check = await this.api.checkToken(shop, token);
    if (check === 'invalid') throw ValidationFailed.field('accessToken', 'is not accepted by the shop');
    if (check === 'unreachable') throw ValidationFailed.field('shopDomain', 'did not answer as a shop admin API');

    const secret = this.signer.newSecret();
    const inserted = await this.store.insert({
      accountId,
      shopDomain: shop,
      accessTokenSealed: this.sealer.seal(token),
      webhookSecretSealed: this.sealer.seal(secret),
      connectedAt: formatTimestamp(this.clock.now()),
    });
    if (inserted === 'account') throw new Conflict('The account is connected to a shop already; disconnect it first.', { shopDomain: shop });
    if (inserted === 'shop') throw new Conflict('This shop is connected to another account.', { shopDomain: shop });
    try {
      const ids = await this.api.registerWebhooks(shop, token, STOREFRONT_TOPICS, `${this.publicBaseUrl}${WEBHOOK_PATH}`, secret);
      await this.store.saveWebhookIds(accountId, ids);
    } catch {
      await this.store.delete(accountId);
      throw ValidationFailed.field('shopDomain', 'refused the webhook registration');
    }
    return this.status(caller);
  }

  /** Unregisters the webhooks (best effort) and forgets the token; events that arrive later are refused. */
  async disconnect(caller: Caller): Promise<StorefrontStatus> {
    const connection = await this.store.findByAccount(caller.account.id);
    if (connection) {
      await this.store.delete(caller.account.id);
      try {
        await this.api.unregisterWebhooks(connection.shopDomain, this.sealer.open(connection.accessTokenSealed), connection.webhookIds);
      } catch {
        // best effort: the shop's deliveries are refused from now on anyway
      }
    }
    return presentStatus(null);
  }

  /**
   * Starts the backfill of past orders (created at or after `since`) unless one runs; either way answers
   * the status with the running one's progress.
   */
  async backfill(caller: Caller, since: string | null): Promise<StorefrontStatus> {
    assertProFeature(caller.account, this.clock.now(), 'storefront');
    const accountId = caller.account.id;
    const connection = await this.store.findByAccount(accountId);
    if (!connection) throw new Conflict('The account is not connected to a shop.', {});
    if (await this.store.startBackfill(accountId, since, formatTimestamp(this.clock.now()))) {
      // A lost job is offered again by the worker's sweeper (the row says running).
      await this.queue.enqueueBackfill(accountId).catch(() => undefined);
    }
    return this.status(caller);
  }

  logs(caller: Caller, page: PageRequest): Promise<Page<StorefrontEvent>> {
    return this.store.listEvents(caller.account.id, page);
  }
}

export function presentStatus(c: StorefrontConnection | null): StorefrontStatus {
  if (!c) return { connected: false, shopDomain: null, connectedAt: null, lastEventAt: null, backfill: { state: 'idle', done: 0, total: null } };
  return {
    connected: true,
    shopDomain: c.shopDomain,
    connectedAt: c.connectedAt,
    lastEventAt: c.lastEventAt,
    backfill: { state: c.backfill.state, done: c.backfill.done, total: c.backfill.total },
  };
}
