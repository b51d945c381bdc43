import { DEFAULT_PLAN_POLICY, PlanPolicy } from '@app/domain/accounts/plan';
import { AppVersionInfo } from '@app/domain/public-info/app-version';
import { assertNoProblems, Env, envReader } from './env-reader';
import { readAppVersion } from './app-version-config';
import { ConsoleConfig, readConsoleConfig } from './console-config';
import { EInvoiceConfig, readEInvoiceConfig } from './einvoice-config';
import { EwayBillConfig, readEwayBillConfig } from './eway-bill-config';
import { HttpConfig, readHttpConfig } from './http-config';
import { readLimits, ResourceLimits } from './limits-config';
import { PushConfig, readPushConfig } from './push-config';
import { QueueConfig, readQueueConfig } from './queue-config';
import { readRedisTarget } from './redis-config';
import { readStoreConfig, StoreConfig } from './store-config';
import { readStorefrontConfig, StorefrontConfig } from './storefront-config';
import { RedisTarget } from '../redis/redis-connection';

/**
 * The whole configuration of a process, read from the environment once at start (docs/configuration.md).
 * Each section with its own variables has its file beside this one; this one assembles them.
 */
export interface AppConfig {
  port: number;
  databaseUrl: string;
  /** Read replicas of the database (DATABASE_REPLICA_URLS, comma-separated mysql:// URLs); empty: every read goes to DATABASE_URL. */
  databaseReplicaUrls: string[];
  /** A replica further behind than this is skipped, and a caller's reads follow its writes to the primary for as long (REPLICA_MAX_LAG_S). */
  replicaMaxLagSeconds: number;
  redisUrl: string;
  /** The Redis every queue, lock, bucket and cache uses: REDIS_URL, or a cluster from REDIS_CLUSTER_NODES. */
  redis: RedisTarget;
  publicBaseUrl: string;
  chromiumPath: string;
  pdfConcurrency: number;
  smtpUrl: string | null;
  mailFrom: string;
  bcryptCost: number;
  encryptionKey: string | null;
  /** Bearer token that unlocks GET /metrics (METRICS_TOKEN, at least 16 characters); null: /metrics answers 404. */
  metricsToken: string | null;
  logLevel: string;
  rateLimit: boolean;
  /** API calls per second per account (token bucket refill) and the burst it may save up. */
  apiRatePerSecond: number;
  apiRateBurst: number;
  /** Request time (ms) per second per account, and the most it may save up (docs/configuration.md, "Rate limits"). */
  apiTimePerSecondMs: number;
  apiTimeBurstMs: number;
  /** Sign-in failures allowed per username and per client address in one window (RATE_LIMIT=on). */
  loginMaxFailuresPerUser: number;
  loginMaxFailuresPerIp: number;
  loginFailureWindowSeconds: number;
  featureInventory: boolean;
  featureExpenses: boolean;
  /** Keep analytics answers per account data version (ANALYTICS_CACHE, on by default; docs/analytics.md "Answer cache"). */
  analyticsCache: boolean;
  plans: PlanPolicy;
  /** Sendout queue and worker (see docs/operations.md, "Sendouts and the worker"). */
  queue: QueueConfig;
  /** The longest graceful stop of the worker (WORKER_SHUTDOWN_TIMEOUT_S); past it the process exits anyway. */
  workerShutdownTimeoutMs: number;
  /** How often each worker looks for recurring invoices due (RECURRING_INTERVAL_MS); a run is made once whichever looks. */
  recurringIntervalMs: number;
  /** What `GET /v1/app/version` answers. */
  appVersion: AppVersionInfo;
  /** App Store and Google Play billing (docs/api-guide.md, "Store billing"). */
  stores: StoreConfig;
  /** Activity relay, notifications and push (see docs/operations.md, "Notifications and push"). */
  push: PushConfig;
  einvoice: EInvoiceConfig;
  /** The NIC e-way bill system and the consignment value a bill is for (docs/gst-exports.md, "E-way bill"). */
  ewayBill: EwayBillConfig;
  /** Outbound webhooks (see docs/api-guide.md, "Outbound webhooks"). */
  /**
   * `concurrency`: endpoints one worker process sends to at once; `endpointConcurrency`: deliveries in flight to
   * one endpoint at once (of different resources; one endpoint is served by one process at a time).
   */
  webhooks: { allowInsecure: boolean; dispatchIntervalMs: number; concurrency: number; endpointConcurrency: number };
  /** The storefront integration (docs/storefront.md). */
  storefront: StorefrontConfig;
  /** Resource limits (see docs/configuration.md, "Resource limits"). */
  limits: ResourceLimits;
  /** The HTTP platform and edge settings (see docs/architecture.md, "HTTP adapter"). */
  http: HttpConfig;
  /** The web console (docs/console.md). */
  console: ConsoleConfig;
}

/** Reads the environment with local defaults; every problem is reported at once, before start. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const { int, bool, str, url } = envReader(env, problems);

  const smtp = (env.SMTP_URL ?? '').trim();
  const encryptionKey = (env.ENCRYPTION_KEY ?? '').trim() || null;
  if (encryptionKey && !/^[0-9a-fA-F]{64}$/.test(encryptionKey)) problems.push('ENCRYPTION_KEY must be 64 hex characters (32 bytes)');
  if (!encryptionKey && (env.NODE_ENV ?? '').trim() === 'production') problems.push('ENCRYPTION_KEY is required when NODE_ENV=production');
  const metricsToken = (env.METRICS_TOKEN ?? '').trim() || null;
  if (metricsToken && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const freeDocs = int('FREE_DOCUMENTS_PER_MONTH', DEFAULT_PLAN_POLICY.free.documentsPerMonth, 0, 1_000_000);
  const freeClients = int('FREE_CLIENTS', DEFAULT_PLAN_POLICY.free.clients, 0, 1_000_000);
  const freeInventory = int('FREE_INVENTORY_ITEMS', DEFAULT_PLAN_POLICY.free.inventoryItems, 0, 1_000_000);
  const databaseUrl = url('DATABASE_URL', 'mysql://root@127.0.0.1:3306/invoicing', ['mysql:', 'mariadb:']);
  let databaseName = 'invoicing';
  try {
    databaseName = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || databaseName;
  } catch {
    // reported above
  }
  const databaseReplicaUrls = (env.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  databaseReplicaUrls.forEach((u, i) => {
    try {
      if (!['mysql:', 'mariadb:'].includes(new URL(u).protocol)) problems.push(`DATABASE_REPLICA_URLS entry ${i + 1} must use mysql: or mariadb:`);
    } catch {
      problems.push(`DATABASE_REPLICA_URLS entry ${i + 1} is not a valid URL`);
    }
  });
  const stores = readStoreConfig(env, problems);
  const redisUrl = url('REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']);
  const publicBaseUrl = url('PUBLIC_BASE_URL', 'http://127.0.0.1:3000', ['http:', 'https:']).replace(/\/+$/, '');
  const config: AppConfig = {
    port: int('PORT', 3000, 0, 65535),
    databaseUrl,
    databaseReplicaUrls,
    replicaMaxLagSeconds: int('REPLICA_MAX_LAG_S', 5, 1, 3600),
    redisUrl,
    redis: readRedisTarget(env, redisUrl, problems),
    publicBaseUrl,
    chromiumPath: str('CHROMIUM_PATH', '/usr/bin/chromium'),
    pdfConcurrency: int('PDF_CONCURRENCY', 2, 1, 32),
    smtpUrl: smtp ? url('SMTP_URL', smtp, ['smtp:', 'smtps:']) : null,
    mailFrom: str('MAIL_FROM', 'Invoicing <no-reply@invoicing.local>'),
    bcryptCost: int('BCRYPT_COST', 12, 4, 15),
    encryptionKey,
    metricsToken,
    logLevel: str('LOG_LEVEL', 'info'),
    rateLimit: bool('RATE_LIMIT', true),
    apiRatePerSecond: int('API_RATE_LIMIT_PER_SECOND', 100, 1, 1_000_000),
    apiRateBurst: int('API_RATE_LIMIT_BURST', 200, 1, 1_000_000),
    apiTimePerSecondMs: int('API_TIME_LIMIT_MS_PER_SECOND', 1000, 1, 1_000_000),
    apiTimeBurstMs: int('API_TIME_LIMIT_BURST_MS', 10_000, 1, 3_600_000),
    loginMaxFailuresPerUser: int('LOGIN_MAX_FAILURES_PER_USER', 10, 1, 1_000_000),
    loginMaxFailuresPerIp: int('LOGIN_MAX_FAILURES_PER_IP', 50, 1, 1_000_000),
    loginFailureWindowSeconds: int('LOGIN_FAILURE_WINDOW_SECONDS', 900, 1, 86_400),
    featureInventory: bool('FEATURE_INVENTORY', true),
    featureExpenses: bool('FEATURE_EXPENSES', true),
    analyticsCache: bool('ANALYTICS_CACHE', true),
    plans: {
      free: {
        ...DEFAULT_PLAN_POLICY.free,
        documentsPerMonth: freeDocs,
        clients: freeClients,
        inventoryItems: freeInventory,
        sessions: int('FREE_SESSIONS', DEFAULT_PLAN_POLICY.free.sessions, 1, 1000),
      },
      pro: { ...DEFAULT_PLAN_POLICY.pro, sessions: int('PRO_SESSIONS', DEFAULT_PLAN_POLICY.pro.sessions, 1, 1000) },
    },
    queue: readQueueConfig(env, databaseName, problems),
    workerShutdownTimeoutMs: int('WORKER_SHUTDOWN_TIMEOUT_S', 30, 1, 3600) * 1000,
    recurringIntervalMs: int('RECURRING_INTERVAL_MS', 300_000, 100, 86_400_000),
    push: readPushConfig(env, problems),
    einvoice: readEInvoiceConfig(env, problems),
    ewayBill: readEwayBillConfig(env, problems),
    webhooks: {
      allowInsecure: bool('WEBHOOKS_ALLOW_INSECURE', false),
      dispatchIntervalMs: int('WEBHOOK_DISPATCH_INTERVAL_MS', 1000, 50, 3_600_000),
      concurrency: int('WEBHOOK_CONCURRENCY', 8, 1, 64),
      endpointConcurrency: int('WEBHOOK_ENDPOINT_CONCURRENCY', 4, 1, 64),
    },
    appVersion: readAppVersion(env, problems),
    stores,
    storefront: readStorefrontConfig(env, problems),
    limits: readLimits(env, problems),
    console: readConsoleConfig(env, publicBaseUrl, problems),
    http: readHttpConfig(env, problems),
  };
  // Plain http and loopback receivers are for trying webhooks and the shop locally, never for a production deployment.
  if ((env.NODE_ENV ?? '').trim() === 'production') {
    if (config.webhooks.allowInsecure) problems.push('WEBHOOKS_ALLOW_INSECURE is for development only: it is refused when NODE_ENV=production');
    if (config.storefront.allowInsecure) problems.push('STOREFRONT_ALLOW_INSECURE is for development only: it is refused when NODE_ENV=production');
  }
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(config.logLevel)) {
    problems.push('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  }
  assertNoProblems(problems);
  return config;
}
