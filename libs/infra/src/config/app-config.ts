import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEFAULT_PLAN_POLICY, PlanPolicy } from '@app/domain/accounts/plan';
import { AppVersionInfo } from '@app/domain/public-info/app-version';
import { Env, envReader } from './env-reader';
import { EwayBillConfig, readEwayBillConfig } from './eway-bill-config';
import { readStorefrontConfig, StorefrontConfig } from './storefront-config';
import { ConsoleConfig, readConsoleConfig } from './console-config';
import { readRedisTarget } from './redis-config';
import { RedisTarget } from '../redis/redis-connection';

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

export interface HttpConfig {
  /** The platform under Nest (HTTP_ADAPTER): fastify (default) or express. */
  adapter: 'fastify' | 'express';
  /** Deepest nesting of arrays and objects a JSON body may have (JSON_MAX_DEPTH); deeper is 400. */
  jsonMaxDepth: number;
  /**
   * Whose X-Forwarded-For gives the client address (TRUST_PROXY): false (off, the default: the socket's
   * address), true (on: any), a hop count, or a comma-separated list of addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string;
}

/** TRUST_PROXY: off/on, a hop count, or addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8`). */
function readTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string {
  const value = (raw ?? '').trim();
  if (!value || ['0', 'off', 'false', 'no'].includes(value.toLowerCase())) return false;
  if (['on', 'true', 'yes'].includes(value.toLowerCase())) return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const parts = value.split(',').map((p) => p.trim());
  if (parts.every((p) => /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(p) || ['loopback', 'linklocal', 'uniquelocal'].includes(p))) return parts.join(',');
  problems.push('TRUST_PROXY must be off, on, a hop count, or comma-separated addresses or CIDR ranges');
  return false;
}

/** The e-invoice registration portal (its API as a GSP serves it: plain JSON, token auth). */
export interface EInvoiceConfig {
  /** EINVOICE_BASE_URL; null: e-invoice registration answers 503 not_configured. */
  baseUrl: string | null;
  clientId: string | null;
  clientSecret: string | null;
  username: string | null;
  password: string | null;
  /** A portal call that takes longer fails with 503 and changes nothing. */
  timeoutMs: number;
  /**
   * The portal's public key (PEM) that verifies the signed QR codes it answers (EINVOICE_QR_PUBLIC_KEY, or the file
   * EINVOICE_QR_PUBLIC_KEY_FILE); null: registration answers 503 not_configured.
   */
  qrPublicKey: string | null;
}

/** The PEM public key from EINVOICE_QR_PUBLIC_KEY (`\n` may stand for line breaks) or EINVOICE_QR_PUBLIC_KEY_FILE. */
function readQrPublicKey(env: Env, problems: string[]): string | null {
  const inline = (env.EINVOICE_QR_PUBLIC_KEY ?? '').trim().replace(/\\n/g, '\n');
  const file = (env.EINVOICE_QR_PUBLIC_KEY_FILE ?? '').trim();
  if (!inline && !file) return null;
  let pem = inline;
  if (!pem) {
    try {
      pem = readFileSync(file, 'utf8');
    } catch {
      problems.push('EINVOICE_QR_PUBLIC_KEY_FILE cannot be read');
      return null;
    }
  }
  try {
    createPublicKey(pem);
    return pem;
  } catch {
    problems.push(`${inline ? 'EINVOICE_QR_PUBLIC_KEY' : 'EINVOICE_QR_PUBLIC_KEY_FILE'} must be a PEM public key (or certificate)`);
    return null;
  }
}

export interface PushConfig {
  /** Service-account JSON key (FCM_SERVICE_ACCOUNT_JSON, or the file FCM_SERVICE_ACCOUNT_FILE); null: pushes are skipped. */
  serviceAccount: { project_id: string; client_email: string; private_key: string; token_uri?: string } | null;
  fcmBaseUrl: string;
  concurrency: number;
  maxAttempts: number;
  /** First retry delay when FCM gives no Retry-After; each later one doubles, with jitter. */
  backoffMs: number;
  /** How often the worker relays committed activity events (notifications) and sweeps the push outbox. */
  relayIntervalMs: number;
}

export interface ResourceLimits {
  /** Lines one invoice, quotation, proforma invoice or note may hold (MAX_DOCUMENT_LINES). */
  documentLines: number;
  /** Ids one bulk call may name (MAX_BULK_IDS). */
  bulkIds: number;
  /** PDF renders one account may have in the page pool at once (PDF_ACCOUNT_CONCURRENCY). */
  pdfPerAccount: number;
  /** Longest wait of a PDF render for a page before 503 not_available (PDF_QUEUE_WAIT_MS). */
  pdfQueueWaitMs: number;
  /** Longest single render before 503 not_available (PDF_RENDER_TIMEOUT_MS). */
  pdfRenderTimeoutMs: number;
}

export interface QueueConfig {
  /** BullMQ key prefix; API and worker of one database must share it. Default `q-<database name>`. */
  prefix: string;
  /** Jobs one worker process runs at once. */
  sendoutConcurrency: number;
  /** Delivery attempts of one email before a transient failure becomes final. */
  sendoutMaxAttempts: number;
  /** First retry delay; each later one doubles, with jitter. */
  sendoutBackoffMs: number;
  /** How often the worker's outbox sweeper runs (one process at a time, by a Redis lock). */
  sweepIntervalMs: number;
  /** A queued row untouched this long is enqueued again by the sweeper. */
  sweepAfterMs: number;
  /** A row held in `sending` this long belongs to a dead worker and is recovered. */
  sendoutLeaseMs: number;
}

export interface StoreConfig {
  productMonthly: string;
  productYearly: string;
  /** A store call taking longer fails with 503 store_unavailable. */
  timeoutMs: number;
  apple: {
    bundleId: string | null;
    environment: 'Production' | 'Sandbox';
    appAppleId: number | null;
    /** DER or PEM files of the trusted roots (Apple's; a test chain in tests). */
    rootCertPaths: string[];
    /** Revocation (OCSP) and validity checks against the current date. */
    onlineChecks: boolean;
    issuerId: string | null;
    keyId: string | null;
    privateKeyPath: string | null;
    /** Base URL of the App Store Server API; null means Apple's for the environment. */
    apiUrl: string | null;
  };
  play: {
    packageName: string | null;
    serviceAccountPath: string | null;
    /** Root URL of the Play Developer API; null means Google's. */
    apiUrl: string | null;
    pushAudience: string | null;
    pushServiceAccount: string | null;
    /** Where Google's OIDC signing certificates are fetched; null means Google's. */
    oidcCertsUrl: string | null;
  };
}

export class ConfigError extends Error {}

/** The FCM service account from FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE (a problem is reported, never the key). */
function readServiceAccount(env: Env, problems: string[]): PushConfig['serviceAccount'] {
  const inline = (env.FCM_SERVICE_ACCOUNT_JSON ?? '').trim();
  const file = (env.FCM_SERVICE_ACCOUNT_FILE ?? '').trim();
  if (!inline && !file) return null;
  let text = inline;
  if (!text) {
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      problems.push('FCM_SERVICE_ACCOUNT_FILE cannot be read');
      return null;
    }
  }
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const str = (k: string) => {
      const value = json[k];
      return typeof value === 'string' && value.trim() ? value : null;
    };
    const projectId = (env.FCM_PROJECT_ID ?? '').trim() || str('project_id');
    const email = str('client_email');
    const key = str('private_key');
    if (!projectId || !email || !key) {
      problems.push('the FCM service account needs project_id (or FCM_PROJECT_ID), client_email and private_key');
      return null;
    }
    return { project_id: projectId, client_email: email, private_key: key, token_uri: str('token_uri') ?? undefined };
  } catch {
    problems.push('the FCM service account is not valid JSON');
    return null;
  }
}

function readLimits(env: Env, problems: string[]): ResourceLimits {
  const { int } = envReader(env, problems);
  return {
    documentLines: int('MAX_DOCUMENT_LINES', 500, 1, 10_000),
    bulkIds: int('MAX_BULK_IDS', 200, 1, 10_000),
    pdfPerAccount: int('PDF_ACCOUNT_CONCURRENCY', 1, 1, 32),
    pdfQueueWaitMs: int('PDF_QUEUE_WAIT_MS', 20_000, 100, 600_000),
    pdfRenderTimeoutMs: int('PDF_RENDER_TIMEOUT_MS', 15_000, 100, 600_000),
  };
}

/**
 * The resource limits alone: request DTOs declare them when their module loads, before the rest of
 * the configuration is read; a bad value stops the process like any other configuration problem.
 */
export function loadResourceLimits(env: Env = process.env): ResourceLimits {
  const problems: string[] = [];
  const limits = readLimits(env, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return limits;
}

/** Reads the environment with local defaults; every problem is reported at once, before start. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const { int, bool } = envReader(env, problems);
  const str = (name: string, fallback: string) => (env[name] ?? '').trim() || fallback;
  const url = (name: string, fallback: string, protocols: string[]) => {
    const value = str(name, fallback);
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) problems.push(`${name} must use ${protocols.join(' or ')}`);
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return value;
  };

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
  const queuePrefix = str('QUEUE_PREFIX', `q-${databaseName}`);
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(queuePrefix)) problems.push('QUEUE_PREFIX must be 1 to 64 letters, digits, ".", "_" or "-"');
  const queue: QueueConfig = {
    prefix: queuePrefix,
    sendoutConcurrency: int('SENDOUT_CONCURRENCY', 4, 1, 64),
    sendoutMaxAttempts: int('SENDOUT_MAX_ATTEMPTS', 5, 1, 25),
    sendoutBackoffMs: int('SENDOUT_BACKOFF_MS', 30_000, 1, 3_600_000),
    sweepIntervalMs: int('SWEEP_INTERVAL_MS', 15_000, 100, 3_600_000),
    sweepAfterMs: int('SWEEP_AFTER_MS', 45_000, 0, 86_400_000),
    sendoutLeaseMs: int('SENDOUT_LEASE_MS', 600_000, 60_000, 86_400_000),
  };
  const version = (name: string, fallback: string) => {
    const value = str(name, fallback);
    if (!/^\d{1,5}(\.\d{1,5}){0,3}$/.test(value)) problems.push(`${name} must be a version such as 2.4.1 (got "${value}")`);
    return value;
  };
  const appVersion: AppVersionInfo = {
    android: {
      latest: version('APP_ANDROID_LATEST', '1.0.0'),
      min: version('APP_ANDROID_MIN', '1.0.0'),
      storeUrl: url('APP_ANDROID_STORE_URL', 'https://play.google.com/store/apps', ['https:']),
    },
    ios: {
      latest: version('APP_IOS_LATEST', '1.0.0'),
      min: version('APP_IOS_MIN', '1.0.0'),
      storeUrl: url('APP_IOS_STORE_URL', 'https://apps.apple.com', ['https:']),
    },
    message: str('APP_UPDATE_MESSAGE', 'A new version of the app is available.'),
    forceMessage: str('APP_FORCE_UPDATE_MESSAGE', 'This version of the app is no longer supported. Please update to continue.'),
  };
  const push: PushConfig = {
    serviceAccount: readServiceAccount(env, problems),
    fcmBaseUrl: url('FCM_BASE_URL', 'https://fcm.googleapis.com', ['http:', 'https:']).replace(/\/+$/, ''),
    concurrency: int('PUSH_CONCURRENCY', 4, 1, 64),
    maxAttempts: int('PUSH_MAX_ATTEMPTS', 5, 1, 25),
    backoffMs: int('PUSH_BACKOFF_MS', 10_000, 1, 3_600_000),
    relayIntervalMs: int('ACTIVITY_RELAY_INTERVAL_MS', 1000, 50, 3_600_000),
  };
  const optional = (name: string) => (env[name] ?? '').trim() || null;
  const optionalUrl = (name: string) => (optional(name) ? url(name, '', ['http:', 'https:']).replace(/\/+$/, '') : null);
  const appleEnvironment = str('APPSTORE_ENVIRONMENT', 'Production');
  if (appleEnvironment !== 'Production' && appleEnvironment !== 'Sandbox') problems.push('APPSTORE_ENVIRONMENT must be Production or Sandbox');
  const appAppleId = optional('APPSTORE_APP_APPLE_ID') === null ? null : int('APPSTORE_APP_APPLE_ID', 0, 1, Number.MAX_SAFE_INTEGER);
  const stores: StoreConfig = {
    productMonthly: str('PRODUCT_ID_MONTHLY', 'pro_monthly'),
    productYearly: str('PRODUCT_ID_YEARLY', 'pro_yearly'),
    timeoutMs: int('STORE_TIMEOUT_MS', 10_000, 100, 120_000),
    apple: {
      bundleId: optional('APPSTORE_BUNDLE_ID'),
      environment: appleEnvironment === 'Sandbox' ? 'Sandbox' : 'Production',
      appAppleId,
      rootCertPaths: (optional('APPSTORE_ROOT_CERTS') ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      onlineChecks: bool('APPSTORE_ONLINE_CHECKS', true),
      issuerId: optional('APPSTORE_ISSUER_ID'),
      keyId: optional('APPSTORE_KEY_ID'),
      privateKeyPath: optional('APPSTORE_PRIVATE_KEY_PATH'),
      apiUrl: optionalUrl('APPSTORE_API_URL'),
    },
    play: {
      packageName: optional('PLAY_PACKAGE_NAME'),
      serviceAccountPath: optional('PLAY_SERVICE_ACCOUNT_PATH'),
      apiUrl: optionalUrl('PLAY_API_URL'),
      pushAudience: optional('PLAY_PUSH_AUDIENCE'),
      pushServiceAccount: optional('PLAY_PUSH_SERVICE_ACCOUNT'),
      oidcCertsUrl: optionalUrl('GOOGLE_OIDC_CERTS_URL'),
    },
  };
  if (appleEnvironment === 'Production' && stores.apple.bundleId && appAppleId === null) {
    problems.push('APPSTORE_APP_APPLE_ID is required when APPSTORE_BUNDLE_ID is set and APPSTORE_ENVIRONMENT=Production');
  }
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
    queue,
    workerShutdownTimeoutMs: int('WORKER_SHUTDOWN_TIMEOUT_S', 30, 1, 3600) * 1000,
    recurringIntervalMs: int('RECURRING_INTERVAL_MS', 300_000, 100, 86_400_000),
    push,
    einvoice: {
      baseUrl: optionalUrl('EINVOICE_BASE_URL'),
      clientId: optional('EINVOICE_CLIENT_ID'),
      clientSecret: optional('EINVOICE_CLIENT_SECRET'),
      username: optional('EINVOICE_USERNAME'),
      password: optional('EINVOICE_PASSWORD'),
      timeoutMs: int('EINVOICE_TIMEOUT_MS', 15_000, 100, 120_000),
      qrPublicKey: readQrPublicKey(env, problems),
    },
    ewayBill: readEwayBillConfig(env, problems),
    webhooks: {
      allowInsecure: bool('WEBHOOKS_ALLOW_INSECURE', false),
      dispatchIntervalMs: int('WEBHOOK_DISPATCH_INTERVAL_MS', 1000, 50, 3_600_000),
      concurrency: int('WEBHOOK_CONCURRENCY', 8, 1, 64),
      endpointConcurrency: int('WEBHOOK_ENDPOINT_CONCURRENCY', 4, 1, 64),
    },
    appVersion,
    stores,
    storefront: readStorefrontConfig(env, problems),
    limits: readLimits(env, problems),
    console: readConsoleConfig(env, publicBaseUrl, problems),
    http: {
      adapter: 'fastify',
      jsonMaxDepth: int('JSON_MAX_DEPTH', 32, 1, 1000),
      trustProxy: readTrustProxy(env.TRUST_PROXY, problems),
    },
  };
  const adapter = str('HTTP_ADAPTER', 'fastify').toLowerCase();
  if (adapter === 'fastify' || adapter === 'express') config.http.adapter = adapter;
  else problems.push('HTTP_ADAPTER must be fastify or express');
  // Plain http and loopback receivers are for trying webhooks and the shop locally, never for a production deployment.
  if ((env.NODE_ENV ?? '').trim() === 'production') {
    if (config.webhooks.allowInsecure) problems.push('WEBHOOKS_ALLOW_INSECURE is for development only: it is refused when NODE_ENV=production');
    if (config.storefront.allowInsecure) problems.push('STOREFRONT_ALLOW_INSECURE is for development only: it is refused when NODE_ENV=production');
  }
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(config.logLevel)) {
    problems.push('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return config;
}
