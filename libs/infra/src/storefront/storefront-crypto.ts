import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SecretSealer, StorefrontSigner } from '@app/domain/storefront/storefront.ports';
import { SecretBox } from '../crypto/secret-box';

/** Webhook secrets (32 random bytes, hex) and the base64 HMAC-SHA256 of the raw body, compared with `timingSafeEqual`. */
export class HmacStorefrontSigner extends StorefrontSigner {
  newSecret(): string {
    return randomBytes(32).toString('hex');
  }

  verify(secret: string, body: Uint8Array, signature: string): boolean {
    const expected = createHmac('sha256', secret).update(body).digest();
    let given: Buffer;
    try {
      given = Buffer.from(signature.trim(), 'base64');
    } catch {
      return false;
    }
    // Equal lengths first (timingSafeEqual requires it); the length of a SHA-256 digest is no secret.
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** The service's SecretBox (AES-256-GCM with ENCRYPTION_KEY) as the storefront's sealer. */
export class SecretBoxSealer extends SecretSealer {
  constructor(private readonly box: SecretBox) {
    super();
  }
  seal(plain: string): string {
    return this.box.seal(plain);
  }
  open(sealed: string): string {
    return this.box.open(sealed);
  }
}
