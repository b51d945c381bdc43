import { createHash, createPublicKey, KeyObject, verify } from 'node:crypto';
import { EInvoiceAnswerVerifier } from '@app/domain/einvoice/einvoice.port';
import { NotConfigured } from '@app/domain/shared/domain-error';
import { parseJson } from '@app/domain/shared/json';

/**
 * The portal's answer checked with node:crypto: SHA-256 for the IRN, and the signed QR code (a compact JWS whose
 * payload holds the QR fields as a JSON string in `data`) verified with the portal's public key from config. The
 * portal signs with RS256 (RSA PKCS#1 v1.5, SHA-256); a header naming any other algorithm (`none`, an HMAC) is refused.
 */
export class NodeEInvoiceVerifier extends EInvoiceAnswerVerifier {
  private readonly key: KeyObject | null;

  constructor(publicKeyPem: string | null) {
    super();
    this.key = publicKeyPem ? createPublicKey(publicKeyPem) : null;
  }

  sha256Hex(text: string): string {
    return createHash('sha256').update(text, 'utf8').digest('hex');
  }

  verifiedQr(jws: string): Record<string, unknown> | null {
    if (!this.key) throw new NotConfigured('e-invoicing needs EINVOICE_QR_PUBLIC_KEY (the portal public key that verifies signed QR codes).');
    const parts = jws.split('.');
    if (parts.length !== 3) return null;
    const [head, body, signature] = parts;
    const header = decode(head) as { alg?: unknown } | null;
    if (header?.alg !== 'RS256') return null;
    if (!verify('sha256', Buffer.from(`${head}.${body}`, 'ascii'), this.key, Buffer.from(signature, 'base64url'))) return null;
    const payload = decode(body) as { data?: unknown } | null;
    const data = typeof payload?.data === 'string' ? safe(payload.data) : payload?.data;
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
  }
}

function decode(part: string): unknown {
  return safe(Buffer.from(part, 'base64url').toString('utf8'));
}

function safe(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return null;
  }
}
