import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { Environment, SignedDataVerifier } from '@apple/app-store-server-library';
import type { StoreConfig } from '../config/app-config';

/**
 * Where Apple's root certificates are looked for when APPSTORE_ROOT_CERTS is not set (relative to the
 * working directory, the project root). See certs/apple/README.md for where to get them.
 */
export const APPLE_ROOTS_DIR = resolve('certs/apple');

/** DER bytes of the trusted roots: the configured files, else every .cer/.der/.pem file in certs/apple. */
export function loadAppleRoots(paths: string[], dir = APPLE_ROOTS_DIR): Buffer[] {
  let files = paths;
  if (!files.length) {
    try {
      files = readdirSync(dir)
        .filter((f) => /\.(cer|der|pem|crt)$/i.test(f))
        .map((f) => join(dir, f));
    } catch {
      files = [];
    }
  }
  return files.map((file) => new X509Certificate(readFileSync(file)).raw);
}

/**
 * The library's SignedDataVerifier (signature, chain up to a trusted root with Apple's OIDs, bundle id,
 * environment), or null when the bundle id or the roots are missing: then nothing signed by Apple can be
 * trusted and the endpoints answer 503 not_configured.
 */
export function createAppleVerifier(apple: StoreConfig['apple']): SignedDataVerifier | null {
  const roots = loadAppleRoots(apple.rootCertPaths);
  if (!apple.bundleId || !roots.length) return null;
  const environment = apple.environment === 'Sandbox' ? Environment.SANDBOX : Environment.PRODUCTION;
  return new SignedDataVerifier(roots, apple.onlineChecks, environment, apple.bundleId, apple.appAppleId ?? undefined);
}
