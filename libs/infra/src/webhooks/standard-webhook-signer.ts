import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WebhookSigner } from '@app/domain/webhooks/webhook.ports';

/** Standard Webhooks signatures (the `standardwebhooks` package), so receivers can verify with its libraries. */
export class StandardWebhookSigner extends WebhookSigner {
  newSecret(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }

  sign(secret: string, messageId: string, at: Date, body: string): string {
    return new Webhook(secret).sign(messageId, at, body);
  }
}
