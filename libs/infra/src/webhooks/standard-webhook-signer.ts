import { createHmac, randomBytes } from 'node:crypto';
import { WebhookSigner } from '@app/domain/webhooks/webhook.ports';

/**
 * Standard Webhooks signatures, so receivers can verify with that scheme's libraries (the suites verify with
 * `standardwebhooks`): `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the base64 part of
 * the secret after `whsec_`. Signed with node:crypto: the `standardwebhooks` package computes the HMAC in
 * JavaScript, about 5 times as long per delivery, and it is a development dependency only (the production image
 * prunes those).
 */
export class StandardWebhookSigner extends WebhookSigner {
  private readonly keys = new Map<string, Buffer>();

  newSecret(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }

  newPingId(): string {
    return `evt_ping_${randomBytes(16).toString('hex')}`;
  }

  sign(secret: string, messageId: string, at: Date, body: string): string {
    const timestamp = Math.floor(at.getTime() / 1000);
    return `v1,${createHmac('sha256', this.key(secret)).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
  }

  private key(secret: string): Buffer {
    let key = this.keys.get(secret);
    if (!key) {
      if (this.keys.size >= 1000) this.keys.clear();
      key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
      this.keys.set(secret, key);
    }
    return key;
  }
}
