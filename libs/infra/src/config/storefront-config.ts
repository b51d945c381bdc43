import { isHsnCode } from '@app/domain/tax/tax-checks';
import { Env, envReader } from './env-reader';

/** The storefront integration (docs/storefront.md): where the shops' admin API is and how their webhooks are named. */
export interface StorefrontConfig {
  /** `https` in production; `http` lets tests and local use reach a plain server. */
  scheme: 'http' | 'https';
  /** Port of the admin API; null: the scheme's default. */
  port: number | null;
  /** The admin API version in its paths (`/admin/api/{version}/...`). */
  apiVersion: string;
  /** Header that carries the access token on admin API calls. */
  tokenHeader: string;
  /** Headers of the shop's webhook deliveries (lower case): HMAC, shop domain, topic, delivery id. */
  hmacHeader: string;
  shopHeader: string;
  topicHeader: string;
  webhookIdHeader: string;
  /** HSN/SAC of a line whose SKU matches no inventory item, and of shipping. */
  defaultHsn: string;
  shippingHsn: string;
  /** One admin API call takes at most this long. */
  timeoutMs: number;
  /** Orders per page of the backfill (the platforms' maximum is 250). */
  pageSize: number;
  /** First retry delay after a 5xx (doubling each time) and the retries of one call before the job gives up. */
  backoffMs: number;
  maxRetries: number;
  /** Longest Retry-After honoured; a longer one is cut to this. */
  maxRetryAfterMs: number;
  /** Loopback shop addresses allowed (tests, local use); private, link-local and metadata addresses stay refused. */
  allowInsecure: boolean;
  /** Events handled at once by one worker. */
  concurrency: number;
  /**
   * Lock of a running backfill job, renewed while it runs: a worker that dies (SIGKILL) leaves its job to
   * be taken over after at most about 1.5 times this.
   */
  backfillLockMs: number;
}

/** Reads the STOREFRONT_* variables; each problem is added to `problems`. */
export function readStorefrontConfig(env: Env, problems: string[]): StorefrontConfig {
  const str = (name: string, fallback: string) => (env[name] ?? '').trim() || fallback;
  const { int } = envReader(env, problems);
  const header = (name: string, fallback: string) => {
    const value = str(name, fallback).toLowerCase();
    if (!/^[a-z0-9-]{1,100}$/.test(value)) problems.push(`${name} must be an HTTP header name`);
    return value;
  };
  const hsn = (name: string, fallback: string) => {
    const value = str(name, fallback);
    if (!isHsnCode(value)) problems.push(`${name} must be an HSN code of 4, 6 or 8 digits or a SAC of 6 digits starting 99 (4 for its heading)`);
    return value;
  };
  const scheme = str('STOREFRONT_SCHEME', 'https').toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') problems.push('STOREFRONT_SCHEME must be http or https');
  const apiVersion = str('STOREFRONT_API_VERSION', '2024-10');
  if (!/^[A-Za-z0-9._-]{1,32}$/.test(apiVersion)) problems.push('STOREFRONT_API_VERSION must be letters, digits, ".", "_" or "-"');
  const insecure = str('STOREFRONT_ALLOW_INSECURE', 'off').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'].includes(insecure)) problems.push('STOREFRONT_ALLOW_INSECURE must be on or off');
  const port = (env.STOREFRONT_PORT ?? '').trim() ? int('STOREFRONT_PORT', 443, 1, 65535) : null;
  return {
    scheme: scheme === 'http' ? 'http' : 'https',
    port,
    apiVersion,
    tokenHeader: header('STOREFRONT_TOKEN_HEADER', 'X-Storefront-Access-Token'),
    hmacHeader: header('STOREFRONT_HMAC_HEADER', 'X-Storefront-Hmac-Sha256'),
    shopHeader: header('STOREFRONT_SHOP_HEADER', 'X-Storefront-Shop-Domain'),
    topicHeader: header('STOREFRONT_TOPIC_HEADER', 'X-Storefront-Topic'),
    webhookIdHeader: header('STOREFRONT_WEBHOOK_ID_HEADER', 'X-Storefront-Webhook-Id'),
    defaultHsn: hsn('STOREFRONT_DEFAULT_HSN', '9999'),
    shippingHsn: hsn('STOREFRONT_SHIPPING_HSN', '996812'),
    timeoutMs: int('STOREFRONT_TIMEOUT_MS', 10_000, 100, 120_000),
    pageSize: int('STOREFRONT_PAGE_SIZE', 250, 1, 250),
    backoffMs: int('STOREFRONT_BACKOFF_MS', 2000, 1, 600_000),
    maxRetries: int('STOREFRONT_MAX_RETRIES', 8, 0, 100),
    maxRetryAfterMs: int('STOREFRONT_MAX_RETRY_AFTER_MS', 60_000, 0, 3_600_000),
    allowInsecure: ['on', 'true', '1', 'yes'].includes(insecure),
    concurrency: int('STOREFRONT_CONCURRENCY', 4, 1, 64),
    backfillLockMs: int('STOREFRONT_BACKFILL_LOCK_MS', 30_000, 1000, 600_000),
  };
}
