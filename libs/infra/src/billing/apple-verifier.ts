import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { Environment, SignedDataVerifier } from '@apple/app-store-server-library';
import type { StoreConfig } from '../config/store-config';

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
 * environment), or null when the bundle id or the roots are missing: then no signed data can be matched to
 * the app, and confirmations answer 503 not_configured.
 */
export function createAppleVerifier(apple: StoreConfig['apple'], roots = loadAppleRoots(apple.rootCertPaths)): SignedDataVerifier | null {
  if (!apple.bundleId || !roots.length) return null;
  const environment = apple.environment === 'Sandbox' ? Environment.SANDBOX : Environment.PRODUCTION;
  return new SignedDataVerifier(roots, apple.onlineChecks, environment, apple.bundleId, apple.appAppleId ?? undefined);
}

/**
 * The library's verifier with the app's identity left out: it checks a notification's signature and its
 * chain up to a trusted root (with Apple's OIDs, dates and, online, revocation), which needs only Apple's
 * public roots. It tells a forged notification (400) from a genuine one while the app's bundle id is not
 * configured (503 not_configured). The library leaves `verifyNotification`, the identity check, to subclasses.
 */
export class AppleSignatureVerifier extends SignedDataVerifier {
  constructor(roots: Buffer[], onlineChecks: boolean) {
    // Neither the bundle id nor the environment is checked here (see verifyNotification); SANDBOX only spares
    // the app Apple id that PRODUCTION asks for. Both environments' data are signed the same way.
    super(roots, onlineChecks, Environment.SANDBOX, '');
  }

  protected override verifyNotification(): void {
    // The app's identity is checked by the configured verifier, not here.
  }
}

/** The signature-only verifier, or null when no root is trusted (nothing can be verified). */
export function createAppleSignatureVerifier(apple: StoreConfig['apple'], roots = loadAppleRoots(apple.rootCertPaths)): AppleSignatureVerifier | null {
  return roots.length ? new AppleSignatureVerifier(roots, apple.onlineChecks) : null;
}
