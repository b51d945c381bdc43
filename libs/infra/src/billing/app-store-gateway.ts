import { readFileSync } from 'node:fs';
import {
  APIException,
  AppStoreServerAPIClient,
  AutoRenewStatus,
  Environment,
  JWSRenewalInfoDecodedPayload,
  JWSTransactionDecodedPayload,
  SignedDataVerifier,
  Status,
} from '@apple/app-store-server-library';
import { StoreGateway, StoreUnavailable, unknownPurchase } from '@app/domain/billing/store-gateway.port';
import { StoreSnapshot, StoreState, timestampOf } from '@app/domain/billing/store-subscription';
import type { StoreConfig } from '../config/store-config';

/**
 * The library's API client with a configurable base URL and a timeout. Its constructor only knows Apple's
 * fixed URLs; `makeFetchRequest` is the hook it offers, so requests keep the library's signed bearer token,
 * paths, response validation and error mapping, but go to APPSTORE_API_URL (a local fake in tests).
 */
class ConfigurableAppStoreClient extends AppStoreServerAPIClient {
  constructor(
    key: string,
    keyId: string,
    issuerId: string,
    bundleId: string,
    environment: Environment,
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    super(key, keyId, issuerId, bundleId, environment);
  }

  protected override makeFetchRequest(
    path: string,
    params: URLSearchParams,
    method: string,
    body: string | Buffer | undefined,
    headers: Record<string, string>,
  ): ReturnType<AppStoreServerAPIClient['makeFetchRequest']> {
    const response = fetch(`${this.baseUrl}${path}?${params.toString()}`, { method, body, headers, signal: AbortSignal.timeout(this.timeoutMs) });
    return response as unknown as ReturnType<AppStoreServerAPIClient['makeFetchRequest']>;
  }
}

const APPLE_URLS = { Production: 'https://api.storekit.apple.com', Sandbox: 'https://api.storekit-sandbox.apple.com' };

const STATES: Record<number, StoreState> = {
  [Status.ACTIVE]: 'active',
  [Status.EXPIRED]: 'expired',
  [Status.BILLING_RETRY]: 'billing_retry',
  [Status.BILLING_GRACE_PERIOD]: 'grace',
  [Status.REVOKED]: 'revoked',
};

/** The App Store Server API: transaction info and subscription status, every signed answer verified. */
export class AppStoreGateway extends StoreGateway {
  readonly store = 'ios' as const;
  private readonly client: ConfigurableAppStoreClient | null;

  constructor(
    config: StoreConfig,
    private readonly verifier: SignedDataVerifier | null,
  ) {
    super();
    const a = config.apple;
    this.client =
      verifier && a.bundleId && a.issuerId && a.keyId && a.privateKeyPath
        ? new ConfigurableAppStoreClient(
            readFileSync(a.privateKeyPath, 'utf8'),
            a.keyId,
            a.issuerId,
            a.bundleId,
            a.environment === 'Sandbox' ? Environment.SANDBOX : Environment.PRODUCTION,
            a.apiUrl ?? APPLE_URLS[a.environment],
            config.timeoutMs,
          )
        : null;
  }

  configured(): boolean {
    return this.client !== null;
  }

  async lookup(transactionId: string, field: string): Promise<StoreSnapshot> {
    const client = this.client!;
    const verifier = this.verifier!;
    const info = await this.call(field, () => client.getTransactionInfo(transactionId));
    const transaction = await this.verified(() => verifier.verifyAndDecodeTransaction(info.signedTransactionInfo ?? ''));
    const original = transaction.originalTransactionId ?? transactionId;
    const statuses = await this.call(field, () => client.getAllSubscriptionStatuses(original));
    const item = (statuses.data ?? []).flatMap((group) => group.lastTransactions ?? []).find((t) => t.originalTransactionId === original);
    const latest = item?.signedTransactionInfo ? await this.verified(() => verifier.verifyAndDecodeTransaction(item.signedTransactionInfo!)) : transaction;
    const renewal = item?.signedRenewalInfo ? await this.verified(() => verifier.verifyAndDecodeRenewalInfo(item.signedRenewalInfo!)) : undefined;
    return snapshotOf(original, latest, renewal, item?.status);
  }

  async acknowledge(): Promise<void> {
    // App Store purchases need no acknowledgement.
  }

  private async call<T>(field: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (
        error instanceof APIException &&
        error.httpStatusCode >= 400 &&
        error.httpStatusCode < 500 &&
        error.httpStatusCode !== 401 &&
        error.httpStatusCode !== 429
      ) {
        throw unknownPurchase(field, 'is not a transaction the App Store knows for this app');
      }
      throw new StoreUnavailable('ios', error instanceof APIException ? `HTTP ${error.httpStatusCode}` : (error as Error).name);
    }
  }

  /** An answer whose signature does not verify is treated like no answer. */
  private async verified<T>(verify: () => Promise<T>): Promise<T> {
    try {
      return await verify();
    } catch {
      throw new StoreUnavailable('ios', 'an answer failed signature verification');
    }
  }
}

function snapshotOf(
  original: string,
  tx: JWSTransactionDecodedPayload,
  renewal: JWSRenewalInfoDecodedPayload | undefined,
  status: number | undefined,
): StoreSnapshot {
  const expires = tx.expiresDate ?? 0;
  let state: StoreState = status !== undefined ? (STATES[status] ?? 'expired') : expires > Date.now() ? 'active' : 'expired';
  if (tx.revocationDate) state = 'revoked';
  const until = state === 'revoked' ? (tx.revocationDate ?? Date.now()) : state === 'grace' ? (renewal?.gracePeriodExpiresDate ?? expires) : expires;
  return {
    store: 'ios',
    keys: [original],
    reference: original,
    productId: tx.productId ?? renewal?.autoRenewProductId ?? '',
    state,
    accessUntil: timestampOf(new Date(until)),
    willRenew: renewal ? renewal.autoRenewStatus === AutoRenewStatus.ON : state === 'active',
    needsAcknowledgement: false,
  };
}
