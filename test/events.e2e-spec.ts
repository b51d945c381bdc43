import { Clock } from '@app/domain/shared/clock.port';
import { WEBHOOK_EVENT_TYPES } from '@app/domain/webhooks/webhook-events';
import { PurgeOldWebhookEvents } from '@app/domain/webhooks/webhook-events-log.service';
import { Database } from '@app/infra/database/database';
import { SqlWebhookEventLog } from '@app/infra/webhooks/sql-webhook-event-log';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { eventSchemas, verified } from './support/event-schemas';
import { RelayContext, startRelayContext } from './support/relay-context';
import { createClient, line } from './support/sales-document-helpers';
import { startWebhookReceiver, WebhookReceiver } from './support/webhook-receiver';

type Event = { id: string; type: string; created_at: string; account_id: number; resource_type: string; resource_id: number; data: Record<string, any> };

/** Event types only the worker's jobs raise (emails, reminders): their deliveries are checked in sendouts and reminders. */
const WORKER_TYPES = ['sendout.sent', 'sendout.failed', 'reminder.sent'];

describe('events log, test pings and the payload schemas of webhook events', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  /** Has no endpoint: its events are kept all the same. */
  let c: TestAccount;
  let receiver: WebhookReceiver;
  let hooks: RelayContext;
  let schemas: Awaited<ReturnType<typeof eventSchemas>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startApp('events', { WEBHOOKS_ALLOW_INSECURE: 'on' });
    [a, b, c] = [await t.createAccount(), await t.createAccount(), await t.createAccount()];
    hooks = await startRelayContext(t.config);
    schemas = await eventSchemas(t);
  });
  afterAll(async () => {
    await hooks?.close();
    await t?.close();
    await receiver?.close();
  });

  /** Relays committed activity, then sends until nothing is due. */
  async function deliver(): Promise<void> {
    await hooks.relay.execute();
    for (let round = 0; round < 50; round++) if (!(await hooks.dispatch.execute()).attempted) return;
  }
  const get = async (account: TestAccount, path: string) => (await t.http.get(path).set(account.auth).expect(200)).body.data;
  /** A write that succeeds (creates answer 201 or, where the spec says so, 200). */
  const send = async (account: TestAccount, method: 'post' | 'patch' | 'delete', path: string, body?: object, status?: number) => {
    const res = await t.http[method](path)
      .set(account.auth)
      .send(body ?? {});
    expect([path, res.status]).toEqual([path, status ?? (res.status === 201 ? 201 : 200)]);
    return res.body.data;
  };
  const invoice = (client: number, account = a) =>
    send(account, 'post', '/v1/invoices', {
      client_id: client,
      invoice_date: '2025-06-10',
      payment_due_date: '2025-07-10',
      items: [line('Design work', 1, 1000)],
    }).then((d) => d.invoice_id as number);

  it('documents one payload schema per event type, and real deliveries of each type match theirs, signed', async () => {
    expect([...schemas.types].sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'ping'].sort());
    const endpoint = await send(a, 'post', '/v1/webhooks', { url: `${receiver.url}/all`, events: ['*'] });

    const client = await createClient(t, a, 'Sharma Traders');
    await send(a, 'patch', `/v1/clients/${client}`, { name: 'Sharma Traders Pvt Ltd' });
    await send(a, 'delete', `/v1/clients/${await createClient(t, a, 'Short Lived')}`);
    const paid = await invoice(client);
    await send(a, 'patch', `/v1/invoices/${paid}`, { payment_status: 'paid' });
    await send(a, 'delete', `/v1/invoices/${await invoice(client)}`);
    const items = [line('Consulting', 2, 500)];
    for (const [path, dateField, key] of [
      ['quotations', 'quotation_date', 'quotation_id'],
      ['proforma-invoices', 'proforma_date', 'proforma_invoice_id'],
    ] as const) {
      const made = async () => (await send(a, 'post', `/v1/${path}`, { client_id: client, [dateField]: '2025-06-01', items }))[key] as number;
      const kept = await made();
      await send(a, 'patch', `/v1/${path}/${kept}`, { validity_date: '2025-07-31' });
      await send(a, 'post', `/v1/${path}/${kept}/convert-to-invoice`, { invoice_date: '2025-06-15' }, 200);
      await send(a, 'delete', `/v1/${path}/${await made()}`);
    }
    const noteItems = [{ description: 'Freight', amount: 150 }];
    for (const [path, dateField, key] of [
      ['debit-notes', 'debit_note_date', 'debit_note_id'],
      ['credit-notes', 'credit_note_date', 'credit_note_id'],
    ] as const) {
      const made = async () => (await send(a, 'post', `/v1/${path}`, { client_id: client, [dateField]: '2025-06-20', items: noteItems }))[key] as number;
      const kept = await made();
      await send(a, 'patch', `/v1/${path}/${kept}`, { items: [{ description: 'Freight and handling', amount: 180 }] });
      await send(a, 'delete', `/v1/${path}/${await made()}`);
    }
    const payment = await send(a, 'post', '/v1/payments', { client_id: client, amount: 500, payment_date: '2025-06-25', mode: 'neft' });
    await send(a, 'delete', `/v1/payments/${payment.payment_id}`);
    const item = await send(a, 'post', '/v1/inventory', { name: 'Toner cartridge', rate: 1500, quantity: 10, low_stock_threshold: 5 });
    await send(a, 'patch', `/v1/inventory/${item.inventory_id}`, { quantity: 3 });
    await deliver();

    const delivered = receiver.received.map((r) => verified(endpoint.secret, r) as Event);
    expect(delivered.flatMap((body) => schemas.check(body))).toEqual([]);
    const types = new Set(delivered.map((e) => e.type));
    expect(WEBHOOK_EVENT_TYPES.filter((type) => !types.has(type))).toEqual(WORKER_TYPES);
    // Each delivery's Webhook-Id is its event's id, and the events log answers exactly the body that was sent.
    for (const r of receiver.received) expect(r.id).toBe(JSON.parse(r.body).id);
    for (const body of delivered) expect(await get(a, `/v1/events/${body.id}`)).toEqual(body);
    const paidEvent = delivered.find((e) => e.type === 'invoice.paid')!;
    expect(paidEvent).toMatchObject({ account_id: a.accountId, resource_type: 'invoice', resource_id: paid });
    expect(paidEvent.data.object).toMatchObject({ invoice_id: paid, payment_status: 'paid' });
  });

  it('POST /v1/webhooks/{id}/test sends a signed ping now and answers its delivery; a refused one is failed, not retried', async () => {
    const endpoint = await send(b, 'post', '/v1/webhooks', { url: `${receiver.url}/ping`, events: ['invoice.paid'], enabled: false });
    const before = receiver.received.length;
    const delivery = await send(b, 'post', `/v1/webhooks/${endpoint.webhook_id}/test`, undefined, 200);
    expect(delivery).toMatchObject({ event_type: 'ping', status: 'succeeded', attempts: 1, response_status: 200, next_attempt_at: null });
    const [got] = receiver.received.slice(before);
    const ping = verified(endpoint.secret, got) as Event;
    expect(schemas.check(ping)).toEqual([]);
    expect(ping).toMatchObject({
      id: delivery.event_id,
      type: 'ping',
      account_id: b.accountId,
      resource_type: 'webhook_endpoint',
      resource_id: endpoint.webhook_id,
      data: { object: { webhook_id: endpoint.webhook_id, url: `${receiver.url}/ping` } },
    });
    expect(got.id).toBe(delivery.event_id);
    expect(await get(b, `/v1/events/${delivery.event_id}`)).toEqual(ping);
    expect((await get(b, `/v1/webhooks/${endpoint.webhook_id}/deliveries`)).deliveries[0]).toEqual(delivery);

    const refused = await send(b, 'post', '/v1/webhooks', { url: 'http://127.0.0.1:9/closed', events: ['*'] });
    const failed = await send(b, 'post', `/v1/webhooks/${refused.webhook_id}/test`, undefined, 200);
    expect(failed).toMatchObject({ event_type: 'ping', status: 'failed', attempts: 1, response_status: null, next_attempt_at: null });
    expect(failed.response_body).toEqual(expect.any(String));
    await deliver(); // the dispatcher does not send it again, and the endpoint's failure run is not started
    expect((await get(b, `/v1/webhooks/${refused.webhook_id}/deliveries`)).deliveries).toEqual([failed]);
    expect((await get(b, `/v1/webhooks/${refused.webhook_id}`)).failing_since).toBeNull();
    await t.http.post(`/v1/webhooks/${endpoint.webhook_id}/test`).set(a.auth).expect(404);
  });

  it('lists the events of an account without endpoints, newest first, in cursor pages both ways, stable while events are added', async () => {
    const client = await createClient(t, c, 'Kaveri Stores');
    const invoices: number[] = [];
    for (let i = 0; i < 4; i++) invoices.push(await invoice(client, c));
    await send(c, 'patch', `/v1/invoices/${invoices[1]}`, { payment_status: 'paid' });
    await hooks.relay.execute();

    const all = (await get(c, '/v1/events?limit=200')) as { events: Event[]; has_more: boolean };
    expect(all.has_more).toBe(false);
    expect(all.events.map((e) => e.type)).toEqual([
      'invoice.paid',
      'invoice.updated',
      'invoice.created',
      'invoice.created',
      'invoice.created',
      'invoice.created',
      'client.created',
    ]);
    expect(all.events.every((e) => e.account_id === c.accountId && schemas.check(e).length === 0)).toBe(true);
    expect(all.events[0].data.object).toEqual(await get(c, `/v1/invoices/${invoices[1]}`));

    // Forward with starting_after, while new events are recorded between pages: no event repeated or skipped.
    const seen: string[] = [];
    let page = (await get(c, '/v1/events?limit=3')) as { events: Event[]; has_more: boolean };
    seen.push(...page.events.map((e) => e.id));
    await invoice(client, c);
    await hooks.relay.execute();
    while (page.has_more) {
      page = await get(c, `/v1/events?limit=3&starting_after=${seen[seen.length - 1]}`);
      seen.push(...page.events.map((e) => e.id));
    }
    expect(seen).toEqual(all.events.map((e) => e.id));
    // Backward with ending_before: the newer events, newest first, and has_more while more are newer still.
    const newer = (await get(c, `/v1/events?limit=1&ending_before=${all.events[0].id}`)) as { events: Event[]; has_more: boolean };
    expect(newer.events.map((e) => e.type)).toEqual(['invoice.created']);
    expect(newer.has_more).toBe(false);
    const back = await get(c, `/v1/events?limit=2&ending_before=${all.events[3].id}`);
    expect(back).toEqual({ events: all.events.slice(1, 3), has_more: true });

    // Filters: type, and a resource.
    const created = (await get(c, '/v1/events?type=invoice.created')).events as Event[];
    expect(created.map((e) => e.resource_id)).toEqual([newer.events[0].resource_id, ...[...invoices].reverse()]);
    const ofOne = (await get(c, `/v1/events?resource_type=invoice&resource_id=${invoices[1]}`)).events as Event[];
    expect(ofOne.map((e) => e.type)).toEqual(['invoice.paid', 'invoice.updated', 'invoice.created']);
    expect((await get(c, `/v1/events?resource_type=client&resource_id=${client}`)).events.map((e: Event) => e.type)).toEqual(['client.created']);

    const refused = async (query: string, field: string) =>
      expect((await t.http.get(`/v1/events?${query}`).set(c.auth).expect(400)).body.error).toMatchObject({
        code: 'validation_error',
        details: { [field]: expect.any(String) },
      });
    await refused(`starting_after=${all.events[0].id}&ending_before=${all.events[1].id}`, 'ending_before');
    await refused('resource_id=5', 'resource_id');
    await refused('starting_after=evt_0_0', 'starting_after');
    await refused('type=invoice.archived', 'type');
    await refused('limit=201', 'limit');
    await refused('offset=10', 'offset');
  });

  it('shows 30 days: older events are not listed nor found, and the housekeeping purges them; another account’s event is 404', async () => {
    const [mine] = (await get(c, '/v1/events?limit=1')).events as Event[];
    const old = new Date(Date.now() - 31 * 86_400_000);
    await t.dataSource.query(
      `INSERT INTO webhook_events (event_id, account_id, type, resource_type, resource_id, payload, created_at) VALUES (?, ?, 'client.created', 'client', 1, ?, ?)`,
      ['evt_1_0_old', c.accountId, JSON.stringify({ ...mine, id: 'evt_1_0_old' }), old.toISOString().slice(0, 23).replace('T', ' ')],
    );
    await t.http.get('/v1/events/evt_1_0_old').set(c.auth).expect(404);
    const listed = (await get(c, '/v1/events?limit=200')).events as Event[];
    expect(listed.map((e) => e.id)).not.toContain('evt_1_0_old');
    await t.http.get('/v1/events?starting_after=evt_1_0_old').set(c.auth).expect(400);

    // Another account: its events are not found, not listed, not a cursor.
    await t.http.get(`/v1/events/${mine.id}`).set(a.auth).expect(404);
    expect(((await get(a, '/v1/events?limit=200')).events as Event[]).every((e) => e.account_id === a.accountId)).toBe(true);
    await t.http.get(`/v1/events?starting_after=${mine.id}`).set(a.auth).expect(400);

    const clock = new (class extends Clock {
      now(): Date {
        return new Date();
      }
    })();
    const purged = await new PurgeOldWebhookEvents(new SqlWebhookEventLog(new Database(t.dataSource)), clock).execute();
    expect(purged).toBe(1);
    const [{ n }] = await t.dataSource.query("SELECT COUNT(*) AS n FROM webhook_events WHERE event_id = 'evt_1_0_old'");
    expect(Number(n)).toBe(0);
    expect(await get(c, `/v1/events/${mine.id}`)).toEqual(mine);
  });
});
