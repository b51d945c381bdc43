import { Webhook } from 'standardwebhooks';
import { bytes, createInvoicingClient, InvoicingApiError, verifyWebhook, WebhookVerificationError } from '@invoicing/sdk';
import { envelopeError, fakeApi } from './fake-api';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const body = JSON.stringify({
  id: 'evt_12_1',
  type: 'invoice.created',
  created_at: '2025-08-05T09:30:12.000Z',
  account_id: 3,
  data: { object: { invoice_id: 41, invoice_number: 'INV/25-26/0001' } },
});

function signed(at = new Date()) {
  const signature = new Webhook(SECRET).sign('evt_12_1', at, body);
  return { 'webhook-id': 'evt_12_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}

describe('SDK webhooks and downloads', () => {
  it('verifies a delivery from Node request headers, fetch Headers or raw bytes, and returns the typed event', () => {
    const event = verifyWebhook(SECRET, body, { ...signed(), host: 'receiver.example' });
    expect(event.type === 'invoice.created' && event.data.object.invoice_id).toBe(41);
    expect(verifyWebhook(SECRET, new TextEncoder().encode(body), new Headers(signed())).id).toBe('evt_12_1');
    const rotated = signed();
    const twoSignatures = { ...rotated, 'Webhook-Signature': `v1,${Buffer.alloc(32).toString('base64')} ${rotated['webhook-signature']}` };
    expect(
      verifyWebhook(SECRET, body, {
        'webhook-id': rotated['webhook-id'],
        'webhook-timestamp': rotated['webhook-timestamp'],
        'Webhook-Signature': twoSignatures['Webhook-Signature'],
      }).id,
    ).toBe('evt_12_1');
  });

  it('refuses a changed body, another secret, a stale timestamp or a missing header', () => {
    expect(() => verifyWebhook(SECRET, body.replace('41', '42'), signed())).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(`whsec_${Buffer.alloc(32, 8).toString('base64')}`, body, signed())).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(SECRET, body, signed(new Date(Date.now() - 10 * 60_000)))).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(SECRET, body, { 'webhook-id': 'evt_12_1' })).toThrow(WebhookVerificationError);
  });

  it('gives a download as bytes, and an error answer of a download as a typed error', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);
    const api = fakeApi(new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }), envelopeError(404, 'not_found'));
    const client = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: api.fetch });
    const file = await bytes(client.GET('/v1/documents/{type}/{id}/pdf', { params: { path: { type: 'invoice', id: 1 } }, parseAs: 'arrayBuffer' }));
    expect(file).toBeInstanceOf(Uint8Array);
    expect(Array.from(file)).toEqual(Array.from(pdf));
    const missing: unknown = await bytes(client.GET('/v1/share/{token}', { params: { path: { token: 'gone' } }, parseAs: 'arrayBuffer' })).catch(
      (e: unknown) => e,
    );
    expect(missing).toBeInstanceOf(InvoicingApiError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found', message: 'not_found happened', requestId: 'req-1' });
  });

  it('names an answer that is not the envelope http_error, with its text', async () => {
    const api = fakeApi(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const client = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: api.fetch });
    await expect(bytes(client.GET('/v1/share/{token}', { params: { path: { token: 't' } }, parseAs: 'arrayBuffer' }))).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'HTTP 502: <html>Bad gateway</html>',
    });
  });
});
