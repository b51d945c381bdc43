import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { mobile } from './support/mobile-auth';
import { createClient, line } from './support/sales-document-helpers';

type Schema = Record<string, any>;
interface ListOperation {
  path: string;
  params: string[];
  /** The array of the answer's `data` that holds the rows, and the rows' id property (their first). */
  key: string;
  idKey: string;
  answers: string[];
  /** The largest `limit` it takes. */
  maxLimit: number;
}
/** Where a list is read once seeded: its URL (path parameters filled), who reads it, extra query. */
interface Seeded {
  url: string;
  auth: Record<string, string>;
  query?: string;
  /** Another account may read the same URL (a foreign cursor is then refused as an unknown one). */
  foreign?: boolean;
}

const STRONG = 'Str0ng!pass';
const noteLine = { description: 'Freight', expense_date: '2025-06-10', amount: 118 };
const document = JSON.parse(readFileSync(join(__dirname, '..', 'openapi', 'openapi.json'), 'utf8')) as Schema;

function resolve(schema: Schema): Schema {
  let s = schema;
  while (s?.$ref) s = document.components.schemas[(s.$ref as string).split('/').pop()!];
  return s;
}

/** Every GET operation whose answer carries rows in an array of `data` and that pages (`limit` or a cursor). */
function listOperations(): ListOperation[] {
  const out: ListOperation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Schema>)) {
    const get = item.get as Schema | undefined;
    const declared = ((get?.parameters ?? []) as Schema[]).map(resolve);
    const params = declared.map((p) => p.name as string);
    if (!get || !['limit', 'offset', 'starting_after'].some((p) => params.includes(p))) continue;
    const answer = resolve(get.responses['200'].content['application/json'].schema);
    const data = resolve([answer, ...((answer.allOf ?? []) as Schema[])].map(resolve).find((s) => s.properties?.data)!.properties.data);
    const arrays = Object.entries(data.properties as Record<string, Schema>).filter(([k, v]) => k !== 'tombstones' && resolve(v).type === 'array');
    expect([path, arrays.length]).toEqual([path, 1]);
    const [key, rows] = arrays[0];
    const idKey = Object.keys(resolve(resolve(rows).items).properties)[0];
    const maxLimit = Number(declared.find((p) => p.name === 'limit')?.schema?.maximum ?? 200);
    out.push({ path, params, key, idKey, answers: Object.keys(data.properties), maxLimit });
  }
  return out;
}

/**
 * Every list of the OpenAPI document pages by cursor (`starting_after` / `ending_before`, `has_more`) as well
 * as by offset: walked two rows at a time by cursor, forwards and backwards, it gives exactly the rows of its
 * offset pages; an id that is not a row of the list is refused the same way everywhere.
 */
describe('cursors on every list of the OpenAPI document', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientId: number;
  const seeded = new Map<string, Seeded>();
  const operations = listOperations();
  const sql = (text: string, params: unknown[] = []) => t.dataSource.query(text, params);
  const post = async (path: string, body: object) => {
    const res = await t.http.post(path).set(a.auth).send(body);
    if (res.status !== 201 && res.status !== 200) throw new Error(`POST ${path} gave ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const ping = (id: string) => ({
    id,
    type: 'ping',
    created_at: '2025-06-10T09:30:12.000Z',
    account_id: a.accountId,
    resource_type: 'webhook_endpoint',
    resource_id: 1,
    data: { object: { webhook_id: 1, url: 'https://hooks.example.in/invoicing' } },
  });
  const times = async (n: number, make: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < n; i++) await make(i);
  };

  /** How to fill each list with five rows or more; a list missing here fails the suite. */
  const SEEDERS: Record<string, () => Promise<Seeded>> = {
    '/v1/clients': async () => ({ url: '/v1/clients', auth: a.auth, foreign: true }),
    '/v1/inventory': async () => {
      await times(5, (i) => post('/v1/inventory', { name: `Printer ${i}`, rate: 100 + i }));
      return { url: '/v1/inventory', auth: a.auth, foreign: true };
    },
    '/v1/inventory/{id}/movements': async () => {
      const item = (await post('/v1/inventory', { name: 'Toner', rate: 900, quantity: 1 })).inventory_id as number;
      await times(5, (i) =>
        t.http
          .patch(`/v1/inventory/${item}`)
          .set(a.auth)
          .send({ quantity: 10 + i })
          .expect(200),
      );
      return { url: `/v1/inventory/${item}/movements`, auth: a.auth };
    },
    '/v1/expenses': async () => {
      await times(5, (i) => post('/v1/expenses', { expense_description: `Rent ${i}`, expense_amount: 1000 + i }));
      return { url: '/v1/expenses', auth: a.auth, foreign: true };
    },
    '/v1/invoices': async () => {
      await times(6, () => post('/v1/invoices', { client_id: clientId, invoice_date: '2025-06-10', payment_due_date: '2025-07-10' }));
      return { url: '/v1/invoices', auth: a.auth, foreign: true };
    },
    '/v1/quotations': async () => {
      await times(5, () => post('/v1/quotations', { client_id: clientId, quotation_date: '2025-06-10' }));
      return { url: '/v1/quotations', auth: a.auth, foreign: true };
    },
    '/v1/proforma-invoices': async () => {
      await times(5, () => post('/v1/proforma-invoices', { client_id: clientId, proforma_date: '2025-06-10', items: [line('Design work', 1, 1000)] }));
      return { url: '/v1/proforma-invoices', auth: a.auth, foreign: true };
    },
    '/v1/debit-notes': async () => {
      await times(5, () => post('/v1/debit-notes', { client_id: clientId, debit_note_date: '2025-06-10', items: [noteLine] }));
      return { url: '/v1/debit-notes', auth: a.auth, foreign: true };
    },
    '/v1/credit-notes': async () => {
      await times(5, () => post('/v1/credit-notes', { client_id: clientId, credit_note_date: '2025-06-10', items: [noteLine] }));
      return { url: '/v1/credit-notes', auth: a.auth, foreign: true };
    },
    '/v1/recurring-invoices': async () => {
      const profile = { client_id: clientId, frequency: 'monthly', start_date: '2030-01-01', items: [line('Retainer', 1, 5000)] };
      await times(5, () => post('/v1/recurring-invoices', profile));
      return { url: '/v1/recurring-invoices', auth: a.auth, foreign: true };
    },
    '/v1/payments': async () => {
      await times(5, (i) => post('/v1/payments', { client_id: clientId, amount: 100 + i, payment_date: '2025-06-15', mode: 'neft' }));
      return { url: '/v1/payments', auth: a.auth, foreign: true };
    },
    '/v1/invoices/recent-payments': async () => {
      // Paid in one instant: the order (paid_at, id) ties on the time throughout.
      await sql("UPDATE invoices SET payment_status = 'paid', paid_at = UTC_TIMESTAMP() WHERE account_id = ?", [a.accountId]);
      return { url: '/v1/invoices/recent-payments', auth: a.auth, foreign: true };
    },
    '/v1/settings/users': async () => {
      await times(5, (i) => mobile(t).addUser(a.auth, `cursor.user${i}`, STRONG, ['clients']));
      return { url: '/v1/settings/users', auth: a.auth, foreign: true };
    },
    '/v1/sendouts': async () => {
      await times(5, (i) =>
        sql(
          `INSERT INTO sendouts (account_id, client_id, document_type, document_id, to_email, subject, message, created_at, updated_at)
           VALUES (?, ?, 'invoice', 1, 'a@example.com', ?, 'Hello', '2025-06-10 10:00:00', '2025-06-10 10:00:00')`,
          [a.accountId, clientId, `Invoice ${i}`],
        ),
      );
      return { url: '/v1/sendouts', auth: a.auth, foreign: true };
    },
    '/v1/notifications': async () => {
      const userId = await mobile(t).addUser(a.auth, 'cursor.reader', STRONG, ['invoices']);
      await times(6, (i) =>
        sql(
          `INSERT INTO notifications (account_id, user_id, event_id, type, category, action, title, body, entity_type, entity_id, screen, created_at)
           VALUES (?, ?, ?, 'activity', 'invoices', 'created', 'Invoice', 'An invoice', 'invoice', 1, 'invoice', '2025-06-10 10:00:00')`,
          [a.accountId, userId, 900000 + i],
        ),
      );
      // The service keeps each user's counters as it writes; rows written by plain SQL are counted here.
      await sql('INSERT INTO notification_unread_counts (user_id, account_id, unread, total) VALUES (?, ?, 6, 6)', [userId, a.accountId]);
      return { url: '/v1/notifications', auth: (await mobile(t).signIn('cursor.reader', STRONG)).auth };
    },
    '/v1/audit-log': async () => ({ url: '/v1/audit-log', auth: a.auth, foreign: true }),
    '/v1/webhooks/{id}/deliveries': async () => {
      const endpoint = (await post('/v1/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['invoice.created'] })).webhook_id as number;
      await times(5, (i) =>
        sql(
          `INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id, event_type, resource_key, payload, status, occurred_at, created_at)
           VALUES (?, ?, ?, 'invoice.created', 'invoice:1', '{}', 'failed', '2025-06-10 10:00:00', '2025-06-10 10:00:00')`,
          [a.accountId, endpoint, `evt_cursor_${i}`],
        ),
      );
      return { url: `/v1/webhooks/${endpoint}/deliveries`, auth: a.auth };
    },
    '/v1/events': async () => {
      await times(5, (i) =>
        sql(
          `INSERT INTO webhook_events (event_id, account_id, type, resource_type, resource_id, payload, created_at)
           VALUES (?, ?, 'ping', 'webhook_endpoint', 1, ?, UTC_TIMESTAMP(3))`,
          [`evt_cursor_list_${i}`, a.accountId, JSON.stringify(ping(`evt_cursor_list_${i}`))],
        ),
      );
      return { url: '/v1/events', auth: a.auth, foreign: true };
    },
    '/v1/integrations/storefront/logs': async () => {
      await times(5, (i) =>
        sql(`INSERT INTO storefront_events (account_id, webhook_id, topic, received_at) VALUES (?, ?, 'orders/create', '2025-06-10 10:00:00.000')`, [
          a.accountId,
          `wh_${i}`,
        ]),
      );
      return { url: '/v1/integrations/storefront/logs', auth: a.auth, foreign: true };
    },
  };

  beforeAll(async () => {
    t = await startApp('list_cursors_every', { WEBHOOKS_ALLOW_INSECURE: 'on' });
    a = await t.createAccount({ name: 'Every List Traders' });
    b = await t.createAccount({ name: 'Other List Traders' });
    clientId = await createClient(t, a, 'Kapoor Textiles');
    await times(4, () => createClient(t, a));
    for (const op of operations) if (SEEDERS[op.path]) seeded.set(op.path, await SEEDERS[op.path]());
  });
  afterAll(() => t.close());

  it('finds the lists, each with a seeder', () => {
    expect(operations.length).toBeGreaterThanOrEqual(18);
    expect(operations.map((o) => o.path).filter((p) => !SEEDERS[p])).toEqual([]);
  });

  it.each(operations.map((o) => [o.path, o] as const))('%s declares the cursor parameters and has_more', (_path, op) => {
    expect(['starting_after', 'ending_before', 'updated_since', 'limit'].filter((p) => !op.params.includes(p))).toEqual([]);
    expect(op.answers).toEqual(expect.arrayContaining([op.key, 'has_more']));
  });

  const read = async (s: Seeded, query: string, status = 200) =>
    (
      await t.http
        .get(`${s.url}?${[s.query, query].filter(Boolean).join('&')}`)
        .set(s.auth)
        .expect(status)
    ).body;

  it.each(operations.map((o) => [o.path, o] as const))('%s pages by cursor exactly as by offset', async (_path, op) => {
    const s = seeded.get(op.path)!;
    const ids = (body: Schema) => (body.data[op.key] as Schema[]).map((r) => String(r[op.idKey]));
    const all = ids(await read(s, `limit=${op.maxLimit}`));
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(new Set(all).size).toBe(all.length);
    if (op.params.includes('offset')) {
      const byOffset: string[] = [];
      for (let offset = 0; offset < all.length; offset += 2) byOffset.push(...ids(await read(s, `limit=2&offset=${offset}`)));
      expect(byOffset).toEqual(all);
    }
    // Forwards: no skip, no repeat, has_more false only on the last page.
    let page = await read(s, 'limit=2');
    const forward = ids(page);
    while (page.data.has_more) {
      page = await read(s, `limit=2&starting_after=${encodeURIComponent(forward[forward.length - 1])}`);
      forward.push(...ids(page));
      expect(forward.length).toBeLessThanOrEqual(all.length);
    }
    expect(forward).toEqual(all);
    // Backwards from the last row.
    const backward = [all[all.length - 1]];
    for (;;) {
      page = await read(s, `limit=2&ending_before=${encodeURIComponent(backward[0])}`);
      backward.unshift(...ids(page));
      if (!page.data.has_more) break;
    }
    expect(backward).toEqual(all);
    // An id that is no row of the list, and (where another account reads the same URL) another account's row.
    const unknown = op.idKey === 'id' && !/^\d+$/.test(all[0]) ? 'evt_unknown' : '2147483000';
    expect((await read(s, `starting_after=${unknown}`, 400)).error.details).toEqual({ starting_after: expect.stringMatching(/^is not/) });
    if (s.foreign) {
      const error = (await read({ ...s, auth: b.auth }, `ending_before=${encodeURIComponent(all[0])}`, 400)).error;
      expect([error.code, error.details]).toEqual(['validation_error', { ending_before: expect.stringMatching(/^is not/) }]);
    }
  });

  it('refuses a cursor with an offset on the lists that take both', async () => {
    for (const op of operations.filter((o) => o.params.includes('offset'))) {
      const s = seeded.get(op.path)!;
      const [first] = (await read(s, 'limit=1')).data[op.key] as Schema[];
      const error = (await read(s, `offset=0&starting_after=${first[op.idKey]}`, 400)).error;
      expect([op.path, error.details]).toEqual([op.path, { starting_after: 'cannot be combined with offset' }]);
    }
  });
});
