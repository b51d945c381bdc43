import { WebhookEndpoint, WebhookResponse, WebhookSigner, WebhookTransport } from './webhook.ports';

/**
 * Posts one event to an endpoint with the Standard Webhooks headers: `Webhook-Id` (the event id, the same on
 * every retry), `Webhook-Timestamp` and `Webhook-Signature` (the endpoint's secret, and its previous secret
 * while that still signs after a rotation). The dispatcher's deliveries and the test ping both go through it.
 */
export function postSigned(
  signer: WebhookSigner,
  transport: WebhookTransport,
  endpoint: WebhookEndpoint,
  delivery: { eventId: string; payload: string },
  at: Date,
  timeoutMs: number,
): Promise<WebhookResponse> {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at) secrets.push(endpoint.previousSecret);
  const signature = secrets.map((s) => signer.sign(s, delivery.eventId, at, delivery.payload)).join(' ');
  return transport.post(
    endpoint.url,
    {
      'Content-Type': 'application/json',
      'Webhook-Id': delivery.eventId,
      'Webhook-Timestamp': String(Math.floor(at.getTime() / 1000)),
      'Webhook-Signature': signature,
    },
    delivery.payload,
    timeoutMs,
  );
}
