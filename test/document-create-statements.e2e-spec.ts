import { Connection } from 'mysql2';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient } from './support/sales-document-helpers';

/** One statement as the API's pool connections sent it, and whether its answer had come back yet. */
type Trace = Array<{ event: 'send' | 'answer'; sql: string }>;

/**
 * Records every statement the API's MySQL connections send (and when each answer arrives) while `work`
 * runs, by wrapping mysql2's `Connection.query`, which both TypeORM and the plain pool path call.
 */
async function traced(work: () => Promise<unknown>): Promise<Trace> {
  const trace: Trace = [];
  const proto = Connection.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const sql = String(typeof args[0] === 'string' ? args[0] : (args[0] as { sql?: string }).sql).replace(/\s+/g, ' ');
    trace.push({ event: 'send', sql });
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        trace.push({ event: 'answer', sql });
        callback(...results);
      };
    }
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return trace;
}

const sent = (trace: Trace) => trace.filter((e) => e.event === 'send').map((e) => e.sql);

/**
 * What one invoice create asks of MySQL. Every create of an account waits for the account's sequence row,
 * locked from the number's allocation to COMMIT, so what runs in that window is kept to the writes.
 */
describe('statements of a document create', () => {
  let t: TestApp;
  let a: TestAccount;
  let client: number;

  beforeAll(async () => {
    t = await startApp('create_statements', { WEBHOOKS_ALLOW_INSECURE: 'on' });
    a = await t.createAccount();
    client = await createClient(t, a);
  });
  afterAll(() => t.close());

  const body = (descriptions: string[]) => ({
    client_id: client,
    invoice_date: '2025-08-01',
    payment_due_date: '2025-08-31',
    items: descriptions.map((d, i) => ({ item_description: d, quantity: i + 1, rate: 100 })),
  });

  it('asks for the webhook endpoints with the number prefix, before the lock, and sends the lines right behind the header', async () => {
    let id = 0;
    const trace = await traced(async () => {
      const res = await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send(body(['first', 'second']))
        .expect(201);
      id = res.body.data.invoice_id;
    });
    const statements = sent(trace);
    const at = (pattern: RegExp) => statements.findIndex((s) => pattern.test(s));

    const prefix = at(/^SELECT \(SELECT invoice_prefix FROM business_settings .*EXISTS\(SELECT 1 FROM webhook_endpoints/);
    const upsert = at(/^INSERT INTO document_sequences/);
    const commit = at(/^COMMIT/);
    expect(prefix).toBeGreaterThan(at(/^START TRANSACTION/));
    expect(upsert).toBeGreaterThan(prefix);
    expect(commit).toBeGreaterThan(upsert);
    // Under the lock: the header, its lines, the activity event; nothing read.
    expect(statements.slice(upsert + 1, commit).map((s) => s.split(' (')[0])).toEqual([
      'INSERT INTO `invoices`',
      'INSERT INTO `invoice_items`',
      'INSERT INTO `activity_events`',
    ]);
    expect(statements.filter((s) => s.includes('webhook_endpoints'))).toHaveLength(1);
    // Account, client, START TRANSACTION, prefix, sequence, header, lines, activity event, COMMIT.
    expect(statements).toHaveLength(9);

    // The lines were sent before the header's answer came back, with the header's id as LAST_INSERT_ID().
    const order = trace.filter((e) => /^INSERT INTO `invoice(s|_items)`/.test(e.sql)).map((e) => `${e.event} ${e.sql.split(' (')[0]}`);
    expect(order).toEqual([
      'send INSERT INTO `invoices`',
      'send INSERT INTO `invoice_items`',
      'answer INSERT INTO `invoices`',
      'answer INSERT INTO `invoice_items`',
    ]);
    expect(statements[at(/^INSERT INTO `invoice_items`/)]).toContain('LAST_INSERT_ID()');

    const shown = (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
    expect(shown.items.map((l: { item_description: string }) => l.item_description)).toEqual(['first', 'second']);
    const [event] = await t.dataSource.query('SELECT object_json FROM activity_events WHERE account_id = ? AND entity_type = ? AND entity_id = ?', [
      a.accountId,
      'invoice',
      id,
    ]);
    expect(event.object_json).toBeNull(); // no endpoint: nobody would receive the object
  });

  it('an enabled endpoint noted with the prefix still gets the invoice into the event; a disabled one does not', async () => {
    const b = await t.createAccount();
    const clientB = await createClient(t, b);
    const hook = await t.http
      .post('/v1/webhooks')
      .set(b.auth)
      .send({ url: 'http://127.0.0.1:9/hooks', events: ['invoice.*'] })
      .expect(201);
    const create = async () =>
      (
        await t.http
          .post('/v1/invoices')
          .set(b.auth)
          .send({ ...body(['with hook']), client_id: clientB })
          .expect(201)
      ).body.data.invoice_id as number;
    const objectOf = async (id: number) =>
      (await t.dataSource.query('SELECT object_json FROM activity_events WHERE entity_type = ? AND entity_id = ?', ['invoice', id]))[0].object_json;

    const withHook = await create();
    const object = JSON.parse(await objectOf(withHook));
    expect(object).toEqual((await t.http.get(`/v1/invoices/${withHook}`).set(b.auth).expect(200)).body.data);

    await t.http.patch(`/v1/webhooks/${hook.body.data.webhook_id}`).set(b.auth).send({ enabled: false }).expect(200);
    expect(await objectOf(await create())).toBeNull();
  });

  it('under 30 concurrent creates every invoice gets its own lines, and quotations and proformas too', async () => {
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.http
          .post('/v1/invoices')
          .set(a.auth)
          .send(body([`invoice ${i} line 1`, `invoice ${i} line 2`, `invoice ${i} line 3`])),
      ),
    );
    for (const [i, res] of created.entries()) {
      expect(res.status).toBe(201);
      const shown = (await t.http.get(`/v1/invoices/${res.body.data.invoice_id}`).set(a.auth).expect(200)).body.data;
      expect(shown.items.map((l: { item_description: string }) => l.item_description)).toEqual([1, 2, 3].map((n) => `invoice ${i} line ${n}`));
    }

    // Quotations and proforma invoices share the insert: their one line is theirs too.
    const offers: Array<[string, string, string, number]> = [
      ['/v1/quotations', 'quotation_date', 'quotation_id', 201],
      ['/v1/proforma-invoices', 'proforma_date', 'proforma_invoice_id', 200],
    ];
    for (const [path, dateField, idKey, status] of offers) {
      const body = { client_id: client, [dateField]: '2025-08-01', items: [{ item_description: `offered by ${path}`, quantity: 1, rate: 10 }] };
      const id = (await t.http.post(path).set(a.auth).send(body).expect(status)).body.data[idKey];
      const shown = (await t.http.get(`${path}/${id}`).set(a.auth).expect(200)).body.data;
      expect(shown.items.map((l: { item_description: string }) => l.item_description)).toEqual([`offered by ${path}`]);
    }
  });
});
