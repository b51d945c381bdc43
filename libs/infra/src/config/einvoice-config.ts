import { createPublicKey } from 'node:crypto';
import { Env, envReader, inlineOrFile } from './env-reader';

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
  const given = inlineOrFile(env, problems, 'EINVOICE_QR_PUBLIC_KEY', 'EINVOICE_QR_PUBLIC_KEY_FILE', (text) => text.replace(/\\n/g, '\n'));
  if (!given) return null;
  const pem = given.text;
  try {
    createPublicKey(pem);
    return pem;
  } catch {
    problems.push(`${given.from} must be a PEM public key (or certificate)`);
    return null;
  }
}

/** EINVOICE_* variables. */
export function readEInvoiceConfig(env: Env, problems: string[]): EInvoiceConfig {
  const { int, optional, optionalUrl } = envReader(env, problems);
  return {
    baseUrl: optionalUrl('EINVOICE_BASE_URL'),
    clientId: optional('EINVOICE_CLIENT_ID'),
    clientSecret: optional('EINVOICE_CLIENT_SECRET'),
    username: optional('EINVOICE_USERNAME'),
    password: optional('EINVOICE_PASSWORD'),
    timeoutMs: int('EINVOICE_TIMEOUT_MS', 15_000, 100, 120_000),
    qrPublicKey: readQrPublicKey(env, problems),
  };
}
