import { Webhook } from 'standardwebhooks';
import { StandardWebhookSigner } from './standard-webhook-signer';

describe('StandardWebhookSigner', () => {
  const signer = new StandardWebhookSigner();

  it('signs as the standardwebhooks library does, so its verifier accepts the signature', () => {
    const secret = signer.newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const at = new Date();
    const body = JSON.stringify({ id: 'evt_7_0', type: 'invoice.created', data: { object: { invoice_id: 7, name: 'Sharma & Sons ₹' } } });
    const signature = signer.sign(secret, 'evt_7_0', at, body);
    expect(signature).toBe(new Webhook(secret).sign('evt_7_0', at, body));
    const headers = { 'webhook-id': 'evt_7_0', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(signer.newSecret()).verify(body, headers)).toThrow();
  });
});
