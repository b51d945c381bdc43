import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { androidpublisher, androidpublisher_v3, auth } from '@googleapis/androidpublisher';
import { StoreGateway, StoreUnavailable, unknownPurchase } from '@app/domain/billing/store-gateway.port';
import { StoreSnapshot, StoreState, timestampOf } from '@app/domain/billing/store-subscription';
import type { StoreConfig } from '../config/store-config';

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

interface ServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri?: string;
}

/**
 * An OAuth client for a service account that takes its tokens from the key file's `token_uri`.
 * google-auth-library's own service-account client (JWT / gtoken) always posts to Google's fixed token URL
 * and ignores `token_uri`, so the exchange (a signed JWT assertion, RFC 7523) is ours; the library still
 * caches the token, refreshes it before expiry and signs the API requests.
 */
function serviceAccountClient(account: ServiceAccount, timeoutMs: number) {
  const tokenUri = account.token_uri ?? 'https://oauth2.googleapis.com/token';
  // The client class of the google-auth-library version the API package is built on; requests go through
  // Node's own fetch rather than a dynamically imported node-fetch (one HTTP stack, and test runners load it).
  const client = new auth.OAuth2({ transporterOptions: { fetchImplementation: fetch } });
  client.refreshHandler = async () => {
    const now = Math.floor(Date.now() / 1000);
    const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: account.private_key_id })}.${encode({ iss: account.client_email, scope: SCOPE, aud: tokenUri, iat: now, exp: now + 3600 })}`;
    const assertion = `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(account.private_key, 'base64url')}`;
    const res = await fetch(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw Object.assign(new Error(`token endpoint answered ${res.status}`), { status: 503 });
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    return { access_token: body.access_token, expiry_date: Date.now() + (body.expires_in ?? 3600) * 1000 };
  };
  return client;
}

const NO_ACCESS = new Set(['SUBSCRIPTION_STATE_ON_HOLD', 'SUBSCRIPTION_STATE_PAUSED', 'SUBSCRIPTION_STATE_EXPIRED', 'SUBSCRIPTION_STATE_PENDING']);
const STATES: Record<string, StoreState> = {
  SUBSCRIPTION_STATE_ACTIVE: 'active',
  SUBSCRIPTION_STATE_CANCELED: 'active',
  SUBSCRIPTION_STATE_IN_GRACE_PERIOD: 'grace',
  SUBSCRIPTION_STATE_ON_HOLD: 'billing_retry',
  SUBSCRIPTION_STATE_PENDING: 'pending',
};

/** The Google Play Developer API (`purchases.subscriptionsv2.get`, `purchases.subscriptions.acknowledge`). */
export class PlayGateway extends StoreGateway {
  readonly store = 'android' as const;
  private readonly api: androidpublisher_v3.Androidpublisher | null;
  private readonly packageName: string;

  constructor(config: StoreConfig) {
    super();
    const p = config.play;
    this.packageName = p.packageName ?? '';
    this.api =
      p.packageName && p.serviceAccountPath
        ? androidpublisher({
            version: 'v3',
            auth: serviceAccountClient(JSON.parse(readFileSync(p.serviceAccountPath, 'utf8')) as ServiceAccount, config.timeoutMs),
            rootUrl: p.apiUrl ? `${p.apiUrl}/` : undefined,
            timeout: config.timeoutMs,
            retry: false,
            fetchImplementation: fetch,
          })
        : null;
  }

  configured(): boolean {
    return this.api !== null;
  }

  async lookup(token: string, field: string): Promise<StoreSnapshot> {
    const { data } = await this.call(field, () => this.api!.purchases.subscriptionsv2.get({ packageName: this.packageName, token }));
    const item = data.lineItems?.[0];
    const subscriptionState = data.subscriptionState ?? 'SUBSCRIPTION_STATE_EXPIRED';
    const expiry = item?.expiryTime ? Date.parse(item.expiryTime) : 0;
    // Without access (expired, revoked, refunded, on hold, paused) Pro ends now at the latest.
    const until = NO_ACCESS.has(subscriptionState) ? Math.min(expiry, Date.now()) : expiry;
    return {
      store: 'android',
      keys: data.linkedPurchaseToken ? [token, data.linkedPurchaseToken] : [token],
      reference: token,
      productId: item?.productId ?? '',
      state: STATES[subscriptionState] ?? 'expired',
      accessUntil: timestampOf(new Date(until)),
      willRenew: subscriptionState !== 'SUBSCRIPTION_STATE_CANCELED' && item?.autoRenewingPlan?.autoRenewEnabled === true,
      needsAcknowledgement: data.acknowledgementState === 'ACKNOWLEDGEMENT_STATE_PENDING',
    };
  }

  async acknowledge(snapshot: StoreSnapshot): Promise<void> {
    await this.call('purchase_token', () =>
      this.api!.purchases.subscriptions.acknowledge({
        packageName: this.packageName,
        subscriptionId: snapshot.productId,
        token: snapshot.reference,
        requestBody: {},
      }),
    );
  }

  private async call<T>(field: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const status = Number((error as { status?: number; response?: { status?: number } }).response?.status ?? (error as { status?: number }).status ?? 0);
      if ([400, 404, 410].includes(status)) throw unknownPurchase(field, 'is not a purchase Google Play knows for this app');
      throw new StoreUnavailable('android', status ? `HTTP ${status}` : (error as Error).name);
    }
  }
}
