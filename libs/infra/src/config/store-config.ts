import { Env, envReader } from './env-reader';

/** App Store and Google Play billing (docs/api-guide.md, "Store billing"). */
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

/** PRODUCT_ID_*, APPSTORE_*, PLAY_* and GOOGLE_OIDC_CERTS_URL. */
export function readStoreConfig(env: Env, problems: string[]): StoreConfig {
  const { int, bool, str, optional, optionalUrl } = envReader(env, problems);
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
  return stores;
}
