import { FakeClock } from '../../testing/fake-clock';
import { ImmediateTransactionRunner } from '../../testing/immediate-transaction-runner';
import { InMemoryActivityLog } from '../../testing/in-memory-activity-log';
import { InMemoryWebhookStore } from '../../testing/in-memory-webhook-store';
import { DispatchFailure, DispatchOptions, DispatchWebhooks } from './dispatch-webhooks.use-case';
import { WebhookResponse, WebhookSigner, WebhookTransport } from './webhook.ports';

class FakeSigner extends WebhookSigner {
  refuse = new Set<string>();
  newPingId(): string {
    return 'evt_ping_0';
  }
  newSecret(): string {
    return 'whsec_test';
  }
  sign(_secret: string, messageId: string): string {
    if (this.refuse.has(messageId)) throw new Error(`cannot sign ${messageId}`);
    return 'v1,signature';
  }
}

/** Answers each POST after `delayMs` with `status(eventId)`; counts what is in flight. */
class FakeTransport extends WebhookTransport {
  sent: string[] = [];
  urls: string[] = [];
  inFlight = 0;
  most = 0;
  delayMs = 5;
  delayOf: (eventId: string) => number = () => this.delayMs;
  status: (eventId: string) => number = () => 200;
  async checkUrl(): Promise<string | null> {
    return null;
  }
  async post(url: string, headers: Record<string, string>): Promise<WebhookResponse> {
    this.urls.push(url);
    this.most = Math.max(this.most, ++this.inFlight);
    await new Promise((r) => setTimeout(r, this.delayOf(headers['Webhook-Id'])));
    this.inFlight--;
    this.sent.push(headers['Webhook-Id']);
    const status = this.status(headers['Webhook-Id']);
    return { status, body: String(status), durationMs: this.delayMs };
  }
}

describe('DispatchWebhooks', () => {
  let store: InMemoryWebhookStore;
  let transport: FakeTransport;
  let signer: FakeSigner;
  let clock: FakeClock;
  let failures: DispatchFailure[];

  beforeEach(() => {
    store = new InMemoryWebhookStore();
    transport = new FakeTransport();
    signer = new FakeSigner();
    clock = new FakeClock('2025-06-01T10:00:00Z');
    failures = [];
  });

  const dispatcher = (options: Partial<DispatchOptions> = {}) =>
    new DispatchWebhooks(store, transport, signer, new InMemoryActivityLog(), clock, new ImmediateTransactionRunner(), {
      concurrency: 4,
      endpointConcurrency: 3,
      pollMs: 20,
      ...options,
    });
  const run = (d: DispatchWebhooks, keepGoing?: () => boolean) => d.execute({ keepGoing, onFailure: (f) => failures.push(f) });

  /** Events `evt_<n>` for the endpoint, one per resource key given, occurring in that order. */
  async function events(endpointId: number, resources: string[]): Promise<string[]> {
    const start = clock.now().getTime() - 60_000;
    const ids = resources.map((_, n) => `evt_${endpointId}_${store.deliveries.length + n}`);
    await store.insertDeliveries(
      resources.map((resourceKey, n) => ({
        accountId: 1,
        endpointId,
        eventId: ids[n],
        eventType: 'client.updated',
        resourceKey,
        payload: '{}',
        occurredAt: new Date(start + n),
      })),
      clock.now(),
    );
    return ids;
  }
  const statusOf = (eventId: string) => store.deliveries.find((d) => d.eventId === eventId)!;

  it('sends an endpoint’s deliveries of different resources side by side, up to the endpoint limit, all in one pass', async () => {
    const endpoint = store.addEndpoint(1, 'https://hooks.example.com/a');
    const ids = await events(
      endpoint.id,
      Array.from({ length: 250 }, (_, n) => `client:${n}`),
    );
    expect(await run(dispatcher())).toEqual({ attempted: 250, succeeded: 250 });
    expect(transport.most).toBe(3);
    expect(store.recordBatches.length).toBeLessThan(250); // outcomes that come together are written together
    expect([...transport.sent].sort()).toEqual([...ids].sort());
    expect(store.endpoints[0].leaseOwner).toBeNull();
  });

  it('keeps the other lanes busy while one delivery takes long, and sends the next event of a resource once its previous one is done', async () => {
    const endpoint = store.addEndpoint(1, 'https://hooks.example.com/a');
    const [slow, ...rest] = await events(endpoint.id, ['invoice:1', ...Array.from({ length: 20 }, (_, n) => `client:${n}`), 'client:0']);
    transport.delayOf = (id) => (id === slow ? 150 : 5);
    expect(await run(dispatcher())).toEqual({ attempted: 22, succeeded: 22 });
    expect(transport.sent.indexOf(slow)).toBe(21); // the others went meanwhile
    expect(transport.sent.slice(0, 21).sort()).toEqual([...rest].sort());
    expect(transport.sent.indexOf(rest[20])).toBeGreaterThan(transport.sent.indexOf(rest[0])); // client:0's second event after its first
  });

  it('keeps each resource in event order: a later event waits while an earlier one is retried, other resources go on', async () => {
    const endpoint = store.addEndpoint(1, 'https://hooks.example.com/a');
    const [x1, x2, y1, x3] = await events(endpoint.id, ['invoice:1', 'invoice:1', 'client:7', 'invoice:1']);
    let failOnce = true;
    transport.status = (id) => (id === x1 && failOnce ? ((failOnce = false), 500) : 200);
    await run(dispatcher());
    expect(transport.sent).toEqual([x1, y1]);
    expect(statusOf(x2).status).toBe('pending');
    clock.advance(6);
    await run(dispatcher());
    expect(transport.sent).toEqual([x1, y1, x1, x2, x3]);
  });

  it('serves each endpoint from one process at a time: two dispatchers send every delivery once', async () => {
    const endpoints = [store.addEndpoint(1, 'https://a.example.com/'), store.addEndpoint(1, 'https://b.example.com/')];
    const ids = [
      ...(await events(
        endpoints[0].id,
        Array.from({ length: 40 }, (_, n) => `client:${n}`),
      )),
      ...(await events(
        endpoints[1].id,
        Array.from({ length: 40 }, (_, n) => `client:${n}`),
      )),
    ];
    const results = await Promise.all([run(dispatcher()), run(dispatcher())]);
    expect(results[0].attempted + results[1].attempted).toBe(80);
    expect([...transport.sent].sort()).toEqual([...ids].sort());
    expect(transport.most).toBeLessThanOrEqual(6); // 3 per endpoint
  });

  it('sets one bad delivery aside (it cannot be signed) and sends the others', async () => {
    const endpoint = store.addEndpoint(1, 'https://hooks.example.com/a');
    const ids = await events(endpoint.id, ['client:1', 'client:2', 'client:3', 'client:4']);
    signer.refuse.add(ids[1]);
    expect(await run(dispatcher())).toEqual({ attempted: 3, succeeded: 3 });
    expect(transport.sent.sort()).toEqual([ids[0], ids[2], ids[3]]);
    expect(statusOf(ids[1])).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, nextAttemptAt: new Date(clock.now().getTime() + 5_000) });
    expect(failures).toEqual([
      { endpointId: endpoint.id, deliveryId: expect.any(Number), error: expect.objectContaining({ message: `cannot sign ${ids[1]}` }) },
    ]);
  });

  it('does not send again in the pass a delivery whose attempt could not be recorded, and goes on with the others', async () => {
    const endpoint = store.addEndpoint(1, 'https://hooks.example.com/a');
    const ids = await events(endpoint.id, ['client:1', 'client:2', 'client:3']);
    const bad = statusOf(ids[0]).id;
    const record = store.recordAttempts.bind(store);
    store.recordAttempts = async (records) => {
      if (records.some((r) => r.deliveryId === bad)) throw new Error('Data too long');
      return record(records);
    };
    const d = dispatcher();
    expect(await run(d)).toEqual({ attempted: 2, succeeded: 2 });
    expect(transport.sent.filter((id) => id === ids[0])).toHaveLength(1);
    expect(failures.map((f) => [f.deliveryId, (f.error as Error).message])).toEqual([
      [bad, 'Data too long'],
      [bad, 'Data too long'],
    ]);
    expect(await run(d)).toEqual({ attempted: 0, succeeded: 0 }); // set aside for a minute, not sent each pass
    expect(transport.sent.filter((id) => id === ids[0])).toHaveLength(1);
  });

  it('sets aside an endpoint that cannot be read, and serves the others', async () => {
    const broken = store.addEndpoint(1, 'https://broken.example.com/');
    const fine = store.addEndpoint(1, 'https://fine.example.com/');
    await events(broken.id, ['client:1']);
    const [ok] = await events(fine.id, ['client:1']);
    const find = store.findEndpoint.bind(store);
    store.findEndpoint = async (accountId, id) => {
      if (id === broken.id) throw new Error('Unsupported state or unable to authenticate data');
      return find(accountId, id);
    };
    expect(await run(dispatcher())).toEqual({ attempted: 1, succeeded: 1 });
    expect(transport.sent).toEqual([ok]);
    expect(failures).toEqual([{ endpointId: broken.id, deliveryId: null, error: expect.any(Error) }]);
    expect(store.endpoints[0].leaseOwner).toBeNull();
  });

  it('leaves an endpoint that fails the endpoint limit of attempts in a row for the next pass, then tries it one delivery at a time', async () => {
    const endpoint = store.addEndpoint(1, 'https://down.example.com/');
    await events(
      endpoint.id,
      Array.from({ length: 50 }, (_, n) => `client:${n}`),
    );
    transport.status = () => 503;
    const first = await run(dispatcher());
    // Three failures in a row stop it; the two started meanwhile finish.
    expect(first).toEqual({ attempted: 5, succeeded: 0 });
    expect(store.endpoints[0].failingSince).toEqual(clock.now());
    expect(await run(dispatcher())).toEqual({ attempted: 1, succeeded: 0 }); // failing: one probe
    transport.status = () => 200;
    expect(await run(dispatcher())).toEqual({ attempted: 44, succeeded: 44 }); // the probe goes through, then the rest
    expect(store.endpoints[0].failingSince).toBeNull();
  });

  it('stops taking deliveries once the pass is asked to end', async () => {
    const endpoint = store.addEndpoint(1, 'https://hooks.example.com/a');
    await events(
      endpoint.id,
      Array.from({ length: 30 }, (_, n) => `client:${n}`),
    );
    // Asked to end once five deliveries went out (by count, not by a timer, so a slow machine decides nothing).
    const result = await run(dispatcher(), () => transport.sent.length < 5);
    expect(result.attempted).toBeGreaterThanOrEqual(5);
    expect(result.attempted).toBeLessThan(30);
    expect(store.deliveries.filter((d) => d.status === 'succeeded')).toHaveLength(result.attempted);
    expect(store.endpoints[0].leaseOwner).toBeNull();
  });

  it('reads the endpoint again as it extends its lease: a new URL is used from then on, a disabled endpoint gets no more', async () => {
    const endpoint = store.addEndpoint(1, 'https://old.example.com/');
    await events(
      endpoint.id,
      Array.from({ length: 8 }, (_, n) => `client:${n}`),
    );
    transport.status = () => {
      clock.advance(1); // each attempt takes a second: the 3 s lease is extended once less than 1.5 s is left
      if (transport.sent.length === 1) store.endpoints[0].url = 'https://new.example.com/';
      if (transport.sent.length === 4) store.endpoints[0].enabled = false;
      return 200;
    };
    // Extended before the 3rd attempt (the new URL) and before the 5th (disabled: it stops).
    expect(await run(dispatcher({ endpointConcurrency: 1, timeoutMs: 1000 }))).toEqual({ attempted: 4, succeeded: 4 });
    expect(transport.urls).toEqual(['https://old.example.com/', 'https://old.example.com/', 'https://new.example.com/', 'https://new.example.com/']);
  });

  it('sends nothing to an endpoint another process holds', async () => {
    const endpoint = store.addEndpoint(1, 'https://hooks.example.com/a');
    await events(endpoint.id, ['client:1']);
    await store.leaseEndpoint(endpoint.id, clock.now(), new Date(clock.now().getTime() + 30_000));
    expect(await run(dispatcher())).toEqual({ attempted: 0, succeeded: 0 });
    clock.advance(31);
    expect(await run(dispatcher())).toEqual({ attempted: 1, succeeded: 1 });
  });
});
