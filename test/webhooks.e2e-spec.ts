import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { Clock } from '@app/domain/shared/clock.port';
import { NodeWebhookTransport, ResolvedAddress } from '@app/infra/webhooks/node-webhook-transport';
import { RelayContext, startRelayContext } from './support/relay-context';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line } from './support/sales-document-helpers';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

class MovableClock extends Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

describe('outbound webhooks', () => {
  let t: TestApp;
  let strict: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let server: Server;
  let base: string;
  const received: Received[] = [];
  const failuresLeft = new Map<string, number>();
  const clock = new MovableClock();
  let hooks: RelayContext;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const left = failuresLeft.get(path) ?? 0;
        if (path === '/down' || left > 0) {
          failuresLeft.set(path, left - 1);
          res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver broke');
        } else res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await startApp('webhooks', { WEBHOOKS_ALLOW_INSECURE: 'on' });
    strict = await startApp('webhooks_strict');
    a = await t.createAccount({ username: 'hook_owner', password: 'Owner-Pass-2025' }); // an owner user, who is told when an endpoint is disabled
    b = await t.createAccount();
    hooks = await startRelayContext(t.config, clock);
  });
  beforeEach(() => {
    clock.offsetMs = 0;
  });
  afterAll(async () => {
    await hooks?.close();
    await t?.close();
    await strict?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Relays committed activity, then sends until nothing is due. */
  async function deliver(): Promise<void> {
    await hooks.relay.execute();
    for (let round = 0; round < 50; round++) if (!(await hooks.dispatch.execute()).attempted) return;
  }
  const at = (path: string) => received.filter((r) => r.path === path);
  type Event = { id: string; type: string; account_id: number; created_at: string; data: { object: any } };
  /** The events a path received, in the order they arrived. */
  const eventsAt = (path: string) => at(path).map((r) => JSON.parse(r.body) as Event);
  /** Event order: by `evt_<activity id>_<n>`. */
  const inEventOrder = (events: Event[]) => {
    const key = (e: Event) => e.id.split('_').slice(1).map(Number);
    return [...events].sort((x, y) => key(x)[0] - key(y)[0] || key(x)[1] - key(y)[1]);
  };
  /** The events of each resource (`<type prefix>:<its id>`), in the order they arrived. */
  const perResource = (events: Event[]) => {
    const groups = new Map<string, string[]>();
    for (const e of events) {
      const prefix = e.type.split('.')[0];
      const key = `${prefix}:${e.data.object[`${prefix}_id`] ?? e.data.object.inventory_id}`;
      groups.set(key, [...(groups.get(key) ?? []), e.id]);
    }
    return groups;
  };
  /** Each resource's events arrived in event order (different resources may interleave). */
  const expectOrderPerResource = (events: Event[]) => {
    for (const [resource, ids] of perResource(events))
      expect([resource, ids]).toEqual([resource, inEventOrder(events.filter((e) => ids.includes(e.id))).map((e) => e.id)]);
  };
  const addEndpoint = async (account: TestAccount, path: string, events: string[]) => {
    const res = await t.http
      .post('/v1/webhooks')
      .set(account.auth)
      .send({ url: `${base}${path}`, events, description: path })
      .expect(201);
    return res.body.data as { webhook_id: number; secret: string };
  };
  const newInvoice = async (client: number) =>
    (
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: client, invoice_date: '2025-06-10', payment_due_date: '2025-07-10', items: [line('Design work', 1, 1000)] })
        .expect(201)
    ).body.data.invoice_id as number;

  it('signs events (Standard Webhooks), in order per resource, to the endpoints of their own account only', async () => {
    const endpointA = await addEndpoint(a, '/a', ['invoice.*', 'client.created']);
    const endpointB = await addEndpoint(b, '/b', ['*']);
    expect(endpointA.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const shown = (await t.http.get(`/v1/webhooks/${endpointA.webhook_id}`).set(a.auth).expect(200)).body.data;
    expect(shown).not.toHaveProperty('secret');
    expect(JSON.stringify((await t.http.get('/v1/webhooks').set(a.auth).expect(200)).body)).not.toContain(endpointA.secret.slice(6));

    const client = await createClient(t, a, 'Sharma Traders');
    const first = await newInvoice(client);
    const second = await newInvoice(client);
    await t.http.patch(`/v1/invoices/${first}`).set(a.auth).send({ payment_status: 'paid' }).expect(200);
    await t.http.delete(`/v1/invoices/${second}`).set(a.auth).expect(200);
    await deliver();

    const arrived = eventsAt('/a');
    expectOrderPerResource(arrived);
    const events = inEventOrder(arrived);
    expect(events.map((e) => e.type)).toEqual(['client.created', 'invoice.created', 'invoice.created', 'invoice.updated', 'invoice.paid', 'invoice.deleted']);
    expect(events[4]).toEqual({
      id: expect.stringMatching(/^evt_\d+_1$/),
      type: 'invoice.paid',
      created_at: expect.any(String),
      account_id: a.accountId,
      resource_type: 'invoice',
      resource_id: first,
      data: { object: expect.objectContaining({ invoice_id: first, payment_status: 'paid' }) },
    });
    // data.object is the record exactly as the API answers a GET of it at the time of the event.
    const get = async (path: string) => (await t.http.get(path).set(a.auth).expect(200)).body.data;
    expect(events[0].data.object).toEqual(await get(`/v1/clients/${client}`));
    expect(events[3].data.object).toEqual(await get(`/v1/invoices/${first}`));
    expect(events[4].data.object).toEqual(events[3].data.object);
    expect(events[1].data.object).toMatchObject({ invoice_id: first, payment_status: 'pending', items: events[3].data.object.items });
    // A deletion carries the record's last form with deleted: true.
    expect(events[5].data.object).toEqual({ ...events[2].data.object, deleted: true });
    const times = events.map((e) => Date.parse(e.created_at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    const verifier = new Webhook(endpointA.secret);
    for (const r of at('/a')) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(verifier.verify(r.body, r.headers as Record<string, string>)).toEqual(JSON.parse(r.body));
      expect(r.headers['webhook-id']).toBe(JSON.parse(r.body).id);
    }
    expect(() => new Webhook(endpointB.secret).verify(at('/a')[0].body, at('/a')[0].headers as Record<string, string>)).toThrow();
    expect(at('/b')).toHaveLength(0);

    await createClient(t, b, 'Other Business');
    await deliver();
    expect(eventsAt('/b').map((e) => [e.type, e.account_id])).toEqual([['client.created', b.accountId]]);
    expect(at('/a')).toHaveLength(6);

    const log = (await t.http.get(`/v1/webhooks/${endpointA.webhook_id}/deliveries`).set(a.auth).expect(200)).body.data;
    expect(log.total).toBe(6);
    expect(log.deliveries[0]).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
      response_body: 'thanks',
      duration_ms: expect.any(Number),
    });
    await t.http.get(`/v1/webhooks/${endpointA.webhook_id}/deliveries`).set(b.auth).expect(404);
    await t.http.delete(`/v1/webhooks/${endpointA.webhook_id}`).set(a.auth).expect(200);
    await t.http.delete(`/v1/webhooks/${endpointB.webhook_id}`).set(b.auth).expect(200);
  });

  it('delivers notes and their updates as GET answers them, deletions with deleted: true', async () => {
    const endpoint = await addEndpoint(a, '/notes', ['debit_note.*', 'credit_note.*']);
    const client = await createClient(t, a, 'Notes Client');
    const debit = (
      await t.http
        .post('/v1/debit-notes')
        .set(a.auth)
        .send({ client_id: client, debit_note_date: '2025-06-15', items: [{ description: 'Freight', expense_date: '2025-06-15', amount: 250.5 }] })
        .expect(201)
    ).body.data.debit_note_id as number;
    const credit = (
      await t.http
        .post('/v1/credit-notes')
        .set(a.auth)
        .send({
          client_id: client,
          credit_note_date: '2025-06-16',
          status: 'issued',
          items: [{ description: 'Return', expense_date: '2025-06-16', amount: 590 }],
        })
        .expect(200)
    ).body.data.credit_note_id as number;
    await t.http
      .patch(`/v1/debit-notes/${debit}`)
      .set(a.auth)
      .send({ items: [{ description: 'Freight and handling', expense_date: '2025-06-15', amount: 300 }] })
      .expect(200);
    const debitNow = (await t.http.get(`/v1/debit-notes/${debit}`).set(a.auth).expect(200)).body.data;
    const creditNow = (await t.http.get(`/v1/credit-notes/${credit}`).set(a.auth).expect(200)).body.data;
    await t.http.delete(`/v1/credit-notes/${credit}`).set(a.auth).expect(200);
    await deliver();
    const events = eventsAt('/notes');
    expect(events.map((e) => e.type)).toEqual(['debit_note.created', 'credit_note.created', 'debit_note.updated', 'credit_note.deleted']);
    expect(events[0].data.object).toMatchObject({ debit_note_id: debit, total_amount: 250.5, items: [expect.objectContaining({ amount: 250.5 })] });
    expect(events[1].data.object).toEqual(creditNow);
    expect(events[2].data.object).toEqual(debitNow);
    expect(events[3].data.object).toEqual({ ...creditNow, deleted: true });
    await t.http.delete(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200);
  });

  it('retries a receiver answering 500 twice, then 200: three requests, the log shows it; redelivery sends it again', async () => {
    const endpoint = await addEndpoint(a, '/flaky', ['client.*']);
    failuresLeft.set('/flaky', 2);
    await createClient(t, a, 'Flaky Client');
    await hooks.relay.execute();
    await hooks.dispatch.execute();
    expect(await hooks.dispatch.execute()).toEqual({ attempted: 0, succeeded: 0 }); // the retry is not due yet
    clock.offsetMs += 6_000;
    await hooks.dispatch.execute();
    clock.offsetMs += 301_000;
    await hooks.dispatch.execute();
    const requests = at('/flaky');
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    let [delivery] = (await t.http.get(`/v1/webhooks/${endpoint.webhook_id}/deliveries`).set(a.auth).expect(200)).body.data.deliveries;
    expect(delivery).toMatchObject({ event_type: 'client.created', status: 'succeeded', attempts: 3, response_status: 200, next_attempt_at: null });

    const again = await t.http.post(`/v1/webhooks/${endpoint.webhook_id}/deliveries/${delivery.delivery_id}/redeliver`).set(a.auth).expect(202);
    expect(again.body.data).toMatchObject({ status: 'pending', attempts: 0, redelivery_of: delivery.delivery_id, event_id: delivery.event_id });
    await hooks.dispatch.execute();
    expect(at('/flaky')).toHaveLength(4);
    expect(at('/flaky')[3].body).toBe(requests[0].body);
    expect(at('/flaky')[3].headers['webhook-id']).toBe(requests[0].headers['webhook-id']); // receivers drop it as a duplicate if they want
    await t.http.post(`/v1/webhooks/${endpoint.webhook_id}/deliveries/${delivery.delivery_id}/redeliver`).set(b.auth).expect(404);
    [delivery] = (await t.http.get(`/v1/webhooks/${endpoint.webhook_id}/deliveries`).set(a.auth).expect(200)).body.data.deliveries;
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, redelivery_of: expect.any(Number) });
    await t.http.post(`/v1/webhooks/${endpoint.webhook_id}/deliveries/999999/redeliver`).set(a.auth).expect(404);
    await t.http.delete(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200);
  });

  it('signs with both secrets for the overlap after a rotation, then with the new one only', async () => {
    const endpoint = await addEndpoint(a, '/rotating', ['client.created']);
    const rotated = (await t.http.post(`/v1/webhooks/${endpoint.webhook_id}/rotate-secret`).set(a.auth).expect(200)).body.data;
    expect(rotated.secret).not.toBe(endpoint.secret);
    await createClient(t, a, 'Rotation Client');
    await deliver();
    const [request] = at('/rotating');
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.secret).verify(request.body, request.headers as Record<string, string>)).toBeTruthy();
    expect(new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>)).toBeTruthy();

    clock.offsetMs += 24 * 60 * 60 * 1000 + 1000;
    await createClient(t, a, 'Later Client');
    await deliver();
    const later = at('/rotating')[1];
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    jest.spyOn(Date, 'now').mockReturnValue(clock.now().getTime()); // the verifier checks the timestamp against its own clock
    try {
      expect(new Webhook(rotated.secret).verify(later.body, later.headers as Record<string, string>)).toBeTruthy();
      expect(() => new Webhook(endpoint.secret).verify(later.body, later.headers as Record<string, string>)).toThrow(/signature/i);
    } finally {
      jest.restoreAllMocks();
    }
    clock.offsetMs = 0;
    await t.http.delete(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200);
  });

  it('refuses URLs that resolve to loopback, private, link-local or metadata addresses, and plain http, without the flag', async () => {
    const s = await strict.createAccount();
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/hook',
      'https://[::1]/hook',
      'https://[::a9fe:a9fe]/hook',
      'https://[2002:a9fe:a9fe::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[64:ff9b::a9fe:a9fe]/hook',
      'https://[2001:0:4136:e378:8000:63bf:5601:5601]/hook',
      'https://[fd00::1]/hook',
      'https://[2001:db8::1]/hook',
      `${base}/a`,
    ]) {
      const res = await strict.http
        .post('/v1/webhooks')
        .set(s.auth)
        .send({ url, events: ['*'] });
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.body.error.details).toEqual({ url: expect.any(String) });
    }
    // The flag allows http and loopback, never the metadata address, in any IPv6 form either.
    for (const host of ['169.254.169.254', '[::a9fe:a9fe]', '[2002:a9fe:a9fe::1]', '[::ffff:a9fe:a9fe]', '[64:ff9b::a9fe:a9fe]']) {
      const res = await t.http
        .post('/v1/webhooks')
        .set(a.auth)
        .send({ url: `http://${host}/latest`, events: ['*'] });
      expect([host, res.status, res.body.error?.details?.url]).toEqual([host, 400, 'resolves to a metadata address, which webhooks may not reach']);
    }
    await t.http
      .post('/v1/webhooks')
      .set(a.auth)
      .send({ url: `${base}/x`, events: ['nothing.happened'] })
      .expect(400);
  });

  it('a create retried with an Idempotency-Key replays the secret, which is stored sealed', async () => {
    const send = () =>
      t.http
        .post('/v1/webhooks')
        .set(a.auth)
        .set('Idempotency-Key', 'hook-1')
        .send({ url: `${base}/idem`, events: ['*'] });
    const first = (await send().expect(201)).body.data;
    const again = await send().expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.secret).toBe(first.secret);
    expect((await t.http.get('/v1/webhooks').set(a.auth).expect(200)).body.data.webhooks.filter((w: { url: string }) => w.url === `${base}/idem`)).toHaveLength(
      1,
    );
    const rows: Array<{ answer: string }> = await t.dataSource.query('SELECT answer FROM idempotency_keys WHERE account_id = ?', [a.accountId]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.answer).not.toContain(first.secret.slice(6, 20));
    const [stored] = await t.dataSource.query('SELECT secret_sealed FROM webhook_endpoints WHERE id = ?', [first.webhook_id]);
    expect(stored.secret_sealed).not.toContain(first.secret.slice(6, 20));
    await t.http.delete(`/v1/webhooks/${first.webhook_id}`).set(a.auth).expect(200);
  });

  it('checks the address again at delivery time', async () => {
    const endpoint = await addEndpoint(a, '/checked', ['client.created']);
    await createClient(t, a, 'Checked Client');
    await hooks.relay.execute();
    const strictHooks = await startRelayContext({ ...t.config, webhooks: { ...t.config.webhooks, allowInsecure: false } }, clock);
    await strictHooks.dispatch.execute().finally(() => strictHooks.close());
    expect(at('/checked')).toHaveLength(0);
    const [delivery] = (await t.http.get(`/v1/webhooks/${endpoint.webhook_id}/deliveries`).set(a.auth).expect(200)).body.data.deliveries;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: null, response_body: expect.stringContaining('Not sent') });
    await t.http.delete(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200);
  });

  it('keeps each resource in event order: a later event of it waits while an earlier one is retried, other resources go on', async () => {
    const endpoint = await addEndpoint(a, '/ordered', ['client.*']);
    failuresLeft.set('/ordered', 1);
    const first = await createClient(t, a, 'Ordered First');
    await t.http.patch(`/v1/clients/${first}`).set(a.auth).send({ name: 'Ordered First Renamed' }).expect(200);
    await hooks.relay.execute();
    await hooks.dispatch.execute(); // the creation fails; the update waits behind its retry
    const sent = () => eventsAt('/ordered').map((e) => [e.type, e.data.object.client_id]);
    expect(sent()).toEqual([['client.created', first]]);
    const second = await createClient(t, a, 'Ordered Second');
    await hooks.relay.execute();
    await hooks.dispatch.execute(); // another client does not wait
    expect(sent()).toEqual([
      ['client.created', first],
      ['client.created', second],
    ]);
    clock.offsetMs += 6_000;
    await hooks.dispatch.execute(); // the retry, then the update behind it, in one pass
    expect(sent()).toEqual([
      ['client.created', first],
      ['client.created', second],
      ['client.created', first],
      ['client.updated', first],
    ]);
    await t.http.delete(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200);
  });

  it('sends the deliveries of one endpoint side by side, at most WEBHOOK_ENDPOINT_CONCURRENCY at once, each once', async () => {
    const endpoint = await addEndpoint(a, '/wide', ['client.created']);
    for (let n = 0; n < 12; n++) await createClient(t, a, `Wide Client ${n}`);
    await hooks.relay.execute();
    let inFlight = 0;
    let most = 0;
    const slow = new NodeWebhookTransport({ allowInsecure: true });
    const post = slow.post.bind(slow);
    slow.post = async (...args) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 30));
      try {
        return await post(...args);
      } finally {
        inFlight--;
      }
    };
    const wide = await startRelayContext({ ...t.config, webhooks: { ...t.config.webhooks, endpointConcurrency: 4 } }, clock, slow);
    try {
      expect(await wide.dispatch.execute()).toEqual({ attempted: 12, succeeded: 12 }); // one pass sends all of them
    } finally {
      await wide.close();
    }
    expect(most).toBe(4);
    expect(new Set(eventsAt('/wide').map((e) => e.id)).size).toBe(12);
    expect(eventsAt('/wide')).toHaveLength(12);
    await t.http.delete(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200);
  });

  it('refuses, at delivery, a host name that now resolves to a private or special address, IPv6 forms of IPv4 included (DNS rebinding)', async () => {
    // Registered while `localhost` resolved to loopback (allowed with the flag); the resolver then changes its answer.
    const url = `http://localhost:${new URL(base).port}/rebind`;
    const endpoint = await addEndpoint(a, '/rebind', ['client.created']);
    await t.http.patch(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).send({ url }).expect(200);
    let answer: ResolvedAddress[] = [];
    const lookups: string[] = [];
    const transport = new NodeWebhookTransport({
      allowInsecure: true,
      resolve: (host) => {
        lookups.push(host);
        return Promise.resolve(answer);
      },
    });
    const rebound = await startRelayContext(t.config, clock, transport);
    try {
      // The connection's own lookup refuses each form (the first answer, loopback, would be allowed).
      const forms: Array<[string, 4 | 6, string]> = [
        ['169.254.169.254', 4, 'metadata'],
        ['10.0.0.7', 4, 'private'],
        ['::ffff:10.0.0.1', 6, 'private'],
        ['::ffff:a9fe:a9fe', 6, 'metadata'],
        ['::a9fe:a9fe', 6, 'metadata'],
        ['2002:a9fe:a9fe::1', 6, 'metadata'],
        ['64:ff9b::a9fe:a9fe', 6, 'metadata'],
        ['64:ff9b:1::a00:1', 6, 'private'],
        ['2001:0:4136:e378:8000:63bf:5601:5601', 6, 'metadata'], // Teredo, client 169.254.169.254
        ['fd00::1', 6, 'private'],
        ['fe80::1', 6, 'link-local'],
      ];
      for (const [address, family, kind] of forms) {
        answer = [
          { address: '127.0.0.1', family: 4 },
          { address, family },
        ];
        const response = await transport.post(url, { 'Content-Type': 'application/json' }, '{}', 2000);
        expect([address, response.status, response.body]).toEqual([
          address,
          null,
          `Not sent: the URL resolves to a ${kind} address, which webhooks may not reach.`,
        ]);
      }
      expect(lookups).toEqual(forms.map(() => 'localhost'));

      // Through the dispatcher: the delivery records why it was not sent, and waits its retry.
      answer = [{ address: '2002:a9fe:a9fe::1', family: 6 }];
      await createClient(t, a, 'Rebound Client');
      await rebound.relay.execute();
      expect(await rebound.dispatch.execute()).toEqual({ attempted: 1, succeeded: 0 });
      const [delivery] = (await t.http.get(`/v1/webhooks/${endpoint.webhook_id}/deliveries`).set(a.auth).expect(200)).body.data.deliveries;
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: 1,
        response_status: null,
        response_body: 'Not sent: the URL resolves to a metadata address, which webhooks may not reach.',
      });
      expect(at('/rebind')).toHaveLength(0);

      // The resolver answering loopback again: the retry goes through.
      answer = [{ address: '127.0.0.1', family: 4 }];
      clock.offsetMs += 6_000;
      expect(await rebound.dispatch.execute()).toEqual({ attempted: 1, succeeded: 1 });
      expect(eventsAt('/rebind').map((e) => e.data.object.name)).toEqual(['Rebound Client']);
    } finally {
      await rebound.close();
      transport.onApplicationShutdown();
    }
    await t.http.delete(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200);
  });

  it('raises inventory.low_stock when an invoice or a recount takes an item to its threshold, once per crossing', async () => {
    const endpoint = await addEndpoint(a, '/stock', ['inventory.low_stock']);
    const item = (
      await t.http.post('/v1/inventory').set(a.auth).send({ name: 'Toner cartridge', rate: 1500, quantity: 10, low_stock_threshold: 5 }).expect(201)
    ).body.data.inventory_id as number;
    await t.http
      .post('/v1/inventory')
      .set(a.auth)
      .send({ name: 'Bad threshold', rate: 10, low_stock_threshold: -1 })
      .expect(400)
      .expect((res) => expect(res.body.error.details).toEqual({ low_stock_threshold: expect.any(String) }));
    const client = await createClient(t, a, 'Stock Client');
    const sell = (quantity: number) =>
      t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: client, invoice_date: '2025-06-12', payment_due_date: '2025-07-12', items: [line('Toner', quantity, 1500, { inventory_id: item })] })
        .expect(201);
    await sell(4); // 10 -> 6: above the threshold
    await sell(2); // 6 -> 4: crosses it
    await deliver();
    let events = eventsAt('/stock');
    expect(events.map((e) => e.type)).toEqual(['inventory.low_stock']);
    expect(events[0].data.object).toEqual({
      ...(await t.http.get(`/v1/inventory/${item}`).set(a.auth).expect(200)).body.data,
      updated_at: expect.any(String),
    });
    expect(events[0].data.object).toMatchObject({ inventory_id: item, quantity: 4, low_stock_threshold: 5 });
    await sell(1); // 4 -> 3: already low, no second alert
    await t.http.patch(`/v1/inventory/${item}`).set(a.auth).send({ quantity: 20 }).expect(200); // restocked
    await t.http.patch(`/v1/inventory/${item}`).set(a.auth).send({ quantity: 5 }).expect(200); // a recount at the threshold
    await deliver();
    events = eventsAt('/stock');
    expect(events.map((e) => [e.type, e.data.object.quantity])).toEqual([
      ['inventory.low_stock', 4],
      ['inventory.low_stock', 5],
    ]);
    expect(events[1].data.object).toEqual((await t.http.get(`/v1/inventory/${item}`).set(a.auth).expect(200)).body.data);
    const trail = (await t.http.get(`/v1/audit-log?entity_type=inventory&entity_id=${item}`).set(a.auth).expect(200)).body.data.entries;
    expect(trail.filter((e: { action: string }) => e.action === 'low_stock')).toHaveLength(2);
    await t.http.delete(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200);
  });

  it('retries on the schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), fails the delivery after about a day, disables an endpoint failing for 5 days and tells the owner', async () => {
    const endpoint = await addEndpoint(a, '/down', ['client.created']);
    await createClient(t, a, 'Down Client 1');
    await hooks.relay.execute();
    const stampMs = (s: string) => Date.parse(`${s.replace(' ', 'T')}Z`);
    const gaps: number[] = [];
    let firstAttempt = 0;
    for (let i = 0; i < 12; i++) {
      await hooks.dispatch.execute();
      const [d] = (await t.http.get(`/v1/webhooks/${endpoint.webhook_id}/deliveries`).set(a.auth).expect(200)).body.data.deliveries;
      if (i === 0) firstAttempt = stampMs(d.last_attempt_at);
      if (!d.next_attempt_at) break;
      gaps.push(stampMs(d.next_attempt_at) - stampMs(d.last_attempt_at));
      clock.offsetMs = stampMs(d.next_attempt_at) + 1000 - Date.now(); // the moment the retry is due
    }
    expect(gaps).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(at('/down')).toHaveLength(8);
    const [failed] = (await t.http.get(`/v1/webhooks/${endpoint.webhook_id}/deliveries`).set(a.auth).expect(200)).body.data.deliveries;
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, response_status: 500, response_body: 'receiver broke', next_attempt_at: null });
    const hours = (stampMs(failed.last_attempt_at) - firstAttempt) / 3_600_000;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(30);
    expect((await t.http.get(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200)).body.data.enabled).toBe(true);

    clock.offsetMs = 5 * 24 * 60 * 60 * 1000;
    await createClient(t, a, 'Down Client 2');
    await hooks.relay.execute();
    clock.offsetMs += 1000;
    await hooks.dispatch.execute();
    const shown = (await t.http.get(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200)).body.data;
    expect(shown).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const trail = (await t.http.get(`/v1/audit-log?entity_type=webhook_endpoint&entity_id=${endpoint.webhook_id}`).set(a.auth).expect(200)).body.data;
    expect(trail.entries[0]).toMatchObject({ action: 'disabled', actor: { type: 'system' } });
    await hooks.relay.execute();
    const told = await t.dataSource.query(
      'SELECT user_id, category, action, title, body, screen FROM notifications WHERE account_id = ? AND entity_type = ? AND entity_id = ?',
      [a.accountId, 'webhook_endpoint', endpoint.webhook_id],
    );
    expect(told).toEqual([
      {
        user_id: a.userId,
        category: 'integrations',
        action: 'disabled',
        title: 'Webhook endpoint disabled',
        body: expect.stringContaining(`${base}/down`),
        screen: 'webhooks',
      },
    ]);
    clock.offsetMs = 0;
  });
});
