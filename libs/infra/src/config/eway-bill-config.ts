import { validateGstin } from '@app/domain/tax/gstin';
import { Env, envReader } from './env-reader';

/** The NIC e-way bill system (its API v1.03 as a GSP serves it: plain JSON, token auth); docs/gst-exports.md, "E-way bill". */
export interface EwayBillConfig {
  /** Consignment value in rupees a bill is for: above it (EWAY_BILL_THRESHOLD, rule 138(1): 50000). */
  threshold: number;
  /** EWAY_BILL_BASE_URL; null (or any credential missing): generation, cancellation and extension answer 503 not_configured. */
  baseUrl: string | null;
  clientId: string | null;
  clientSecret: string | null;
  username: string | null;
  password: string | null;
  /** The GSTIN the API user (username and password) is registered for; only an account with it can use the API. */
  gstin: string | null;
  /** A portal call that takes longer fails with 503 and changes nothing. */
  timeoutMs: number;
}

/** Reads the EWAY_BILL_* variables; each problem is added to `problems`. Secrets are kept as given, never echoed. */
export function readEwayBillConfig(env: Env, problems: string[]): EwayBillConfig {
  const { int } = envReader(env, problems);
  const optional = (name: string) => (env[name] ?? '').trim() || null;
  let baseUrl = optional('EWAY_BILL_BASE_URL');
  if (baseUrl) {
    try {
      if (!['http:', 'https:'].includes(new URL(baseUrl).protocol)) problems.push('EWAY_BILL_BASE_URL must use http: or https:');
    } catch {
      problems.push('EWAY_BILL_BASE_URL is not a valid URL');
    }
    baseUrl = baseUrl.replace(/\/+$/, '');
  }
  const gstin = optional('EWAY_BILL_GSTIN')?.toUpperCase() ?? null;
  if (gstin && !validateGstin(gstin).ok) problems.push('EWAY_BILL_GSTIN must be a valid GSTIN');
  return {
    threshold: int('EWAY_BILL_THRESHOLD', 50_000, 0, 1_000_000_000),
    baseUrl,
    clientId: optional('EWAY_BILL_CLIENT_ID'),
    clientSecret: optional('EWAY_BILL_CLIENT_SECRET'),
    username: optional('EWAY_BILL_USERNAME'),
    password: optional('EWAY_BILL_PASSWORD'),
    gstin,
    timeoutMs: int('EWAY_BILL_TIMEOUT_MS', 15_000, 100, 120_000),
  };
}
