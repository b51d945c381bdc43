import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient } from './support/sales-document-helpers';

type Row = Record<string, unknown>;
interface ListAnswer {
  total: number;
  has_more: boolean;
  tombstones?: Array<{ id: number; deleted_at: string }>;
  [key: string]: unknown;
}

/**
 * Cursor pages (`starting_after` / `ending_before`, `has_more`) stay exact while another writer inserts and
 * deletes, and `updated_since` with `include_deleted=1` keeps a replica of an account equal to a full read.
 */
describe('list cursors and incremental sync', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  const sql = <T>(text: string, params: unknown[] = []) => t.dataSource.query(text, params) as Promise<T>;

  beforeAll(async () => {
    t = await startApp('list_cursors');
    a = await t.createAccount({ name: 'Cursor Traders' });
    b = await t.createAccount({ name: 'Other Traders' });
    clientA = await createClient(t, a, 'Kapoor Textiles');
  });
  afterAll(() => t.close());

  let numbered = 0;
  /** Invoices written with plain SQL on few dates (ties on the date cross every page); their ids. */
  const insertInvoices = async (accountId: number, count: number): Promise<number[]> => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const n = ++numbered;
      const date = `2025-0${4 + (n % 3)}-1${n % 5}`;
      const res = await sql<{ insertId: number }>(
        `INSERT INTO invoices (account_id, client_id, fy_start_year, sequence_no, currency, total_amount, invoice_number, invoice_date,
           payment_due_date, payment_status, status, invoice_type, paid_amount, created_at, updated_at)
         VALUES (?, ?, 2025, ?, 'INR', 100, ?, ?, ?, 'pending', 'issued', 'local_sale', 0, UTC_TIMESTAMP(), UTC_TIMESTAMP())`,
        [accountId, clientA, n, `C/${n}`, date, date],
      );
      ids.push(Number(res.insertId));
    }
    return ids;
  };

  const list = async (path: string, query: string, account = a): Promise<ListAnswer> =>
    (await t.http.get(`${path}?${query}`).set(account.auth).expect(200)).body.data as ListAnswer;
  const idsOf = (answer: ListAnswer, key: string, idKey: string) => (answer[key] as Row[]).map((r) => Number(r[idKey]));

  describe('cursor pages', () => {
    it('walk the list forwards and backwards exactly as offset pages do, with has_more', async () => {
      await insertInvoices(a.accountId, 23);
      const all = idsOf(await list('/v1/invoices', 'limit=200'), 'invoices', 'invoice_id');
      const forward: number[] = [];
      let page = await list('/v1/invoices', 'limit=5');
      forward.push(...idsOf(page, 'invoices', 'invoice_id'));
      while (page.has_more) {
        page = await list('/v1/invoices', `limit=5&starting_after=${forward[forward.length - 1]}`);
        expect(page.total).toBe(all.length);
        forward.push(...idsOf(page, 'invoices', 'invoice_id'));
      }
      expect(forward).toEqual(all);
      const backward: number[] = [];
      let before = all[all.length - 1];
      backward.unshift(before);
      for (;;) {
        page = await list('/v1/invoices', `limit=4&ending_before=${before}`);
        const ids = idsOf(page, 'invoices', 'invoice_id');
        backward.unshift(...ids);
        if (!page.has_more) break;
        before = ids[0];
      }
      expect(backward).toEqual(all);
    });

    it('never skip or repeat a row that existed throughout while a writer inserts and deletes', async () => {
      const doomed = new Set(await insertInvoices(a.accountId, 30));
      await insertInvoices(a.accountId, 40);
      const before = idsOf(await list('/v1/invoices', 'limit=200'), 'invoices', 'invoice_id');
      const survivors = before.filter((id) => !doomed.has(id));
      let done = false;
      // Each row is deleted once, by whichever of the writer and the reader comes to it first (marked before the call).
      const gone = new Set<number>();
      const remove = async (id: number) => {
        gone.add(id);
        doomed.delete(id);
        await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(200);
      };
      // A bounded writer: two inserts and a delete per round, alongside the pages.
      const writer = (async () => {
        const inserted: number[] = [];
        for (let round = 0; round < 40 && !done; round++) {
          inserted.push(...(await insertInvoices(a.accountId, 2)));
          const victim = [...doomed][0] ?? inserted.shift();
          if (victim !== undefined && !gone.has(victim)) await remove(victim);
        }
      })();
      const seen: number[] = [];
      let page = await list('/v1/invoices', 'limit=6');
      seen.push(...idsOf(page, 'invoices', 'invoice_id'));
      while (page.has_more) {
        const last = seen[seen.length - 1];
        // Every third page, the row the cursor names is deleted first (it was seen): its tombstone keeps its place.
        if (seen.length % 18 === 0 && !gone.has(last)) await remove(last);
        page = await list('/v1/invoices', `limit=6&starting_after=${last}`);
        seen.push(...idsOf(page, 'invoices', 'invoice_id'));
      }
      done = true;
      await writer;
      expect(new Set(seen).size).toBe(seen.length);
      const seenSet = new Set(seen);
      expect(survivors.filter((id) => !seenSet.has(id))).toEqual([]);
      // In the list's order: survivors appear in the order they had before.
      expect(seen.filter((id) => survivors.includes(id))).toEqual(survivors);
    });

    it('refuses a cursor with an offset, both cursors, and an id that is not a row of the list', async () => {
      const [own] = idsOf(await list('/v1/invoices', 'limit=1'), 'invoices', 'invoice_id');
      const other = await insertInvoices(b.accountId, 1);
      const refused = async (query: string) => (await t.http.get(`/v1/invoices?${query}`).set(a.auth).expect(400)).body.error;
      expect((await refused(`starting_after=${own}&offset=0`)).details).toEqual({ starting_after: 'cannot be combined with offset' });
      expect((await refused(`starting_after=${own}&ending_before=${own}`)).details).toMatchObject({ starting_after: expect.stringContaining('ending_before') });
      expect((await refused(`starting_after=${other[0]}`)).details).toEqual({ starting_after: 'is not the id of a row of this list' });
      expect((await refused('ending_before=2147483000')).details).toEqual({ ending_before: 'is not the id of a row of this list' });
      expect((await refused('updated_since=2025-04-01 10:00:00')).details).toHaveProperty('updated_since');
      expect((await refused('order=newest')).details).toHaveProperty('order');
    });
  });

  describe('incremental sync into a replica', () => {
    const LISTS = [
      { path: '/v1/invoices', key: 'invoices', idKey: 'invoice_id' },
      { path: '/v1/clients', key: 'clients', idKey: 'client_id' },
    ];

    /** Every row changed since `since` (all rows without it), by cursor in newest-change order, and the deletions. */
    const sync = async (list_: (typeof LISTS)[number], replica: Map<number, Row>, since?: string) => {
      const filter = `limit=7&order=updated_at${since ? `&updated_since=${encodeURIComponent(since)}` : ''}`;
      let page = await list(list_.path, `${filter}&include_deleted=1`);
      for (const tomb of page.tombstones ?? []) replica.delete(tomb.id);
      for (;;) {
        const rows = page[list_.key] as Row[];
        for (const row of rows) replica.set(Number(row[list_.idKey]), row);
        if (!page.has_more) break;
        page = await list(list_.path, `${filter}&starting_after=${Number(rows[rows.length - 1][list_.idKey])}`);
      }
    };
    const fullRead = async (list_: (typeof LISTS)[number]) => {
      const rows = new Map<number, Row>();
      for (let offset = 0; ; offset += 200) {
        const page = await list(list_.path, `limit=200&offset=${offset}`);
        for (const row of page[list_.key] as Row[]) rows.set(Number(row[list_.idKey]), row);
        if (!page.has_more) return rows;
      }
    };
    const sorted = (m: Map<number, Row>) => [...m.entries()].sort((x, y) => x[0] - y[0]);

    it('reproduces invoices and clients exactly after creates, updates and deletes', async () => {
      const replicas = LISTS.map(() => new Map<number, Row>());
      const started = new Date(Date.now() - 2000).toISOString();
      for (const [i, l] of LISTS.entries()) await sync(l, replicas[i]);
      for (const [i, l] of LISTS.entries()) expect(sorted(replicas[i])).toEqual(sorted(await fullRead(l)));

      // Mutations: creates, updates and deletes through the API, an update through plain SQL that stamps updated_at as every write does.
      const newClient = await createClient(t, a, 'Iyer Metals');
      const spare = await createClient(t, a, 'Spare Client');
      await t.http.patch(`/v1/clients/${clientA}`).set(a.auth).send({ address: '12 MG Road, Bengaluru' }).expect(200);
      await t.http.delete(`/v1/clients/${spare}`).set(a.auth).expect(200);
      const created = await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: newClient, invoice_date: '2025-06-10', payment_due_date: '2025-07-10' })
        .expect(201);
      const invoices = idsOf(await list('/v1/invoices', 'limit=3'), 'invoices', 'invoice_id');
      await t.http.patch(`/v1/invoices/${invoices[1]}`).set(a.auth).send({ payment_status: 'paid' }).expect(200);
      await t.http.delete(`/v1/invoices/${invoices[2]}`).set(a.auth).expect(200);
      await sql("UPDATE invoices SET payment_status = 'overdue', updated_at = UTC_TIMESTAMP() WHERE account_id = ? AND id = ?", [a.accountId, invoices[0]]);
      expect(created.body.data.invoice_id).toBeGreaterThan(0);

      for (const [i, l] of LISTS.entries()) await sync(l, replicas[i], started);
      for (const [i, l] of LISTS.entries()) expect(sorted(replicas[i])).toEqual(sorted(await fullRead(l)));
      expect(replicas[0].has(invoices[2])).toBe(false);
      expect(replicas[1].get(clientA)).toMatchObject({ address: '12 MG Road, Bengaluru' });
    });

    it('answers tombstones only with include_deleted, with the zone of deleted_at', async () => {
      const [id] = await insertInvoices(a.accountId, 1);
      await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(200);
      const page = await list('/v1/invoices', 'limit=1&include_deleted=1');
      expect(page.tombstones).toEqual(expect.arrayContaining([{ id, deleted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/) }]));
      expect(await list('/v1/invoices', 'limit=1')).not.toHaveProperty('tombstones');
      expect((await list('/v1/invoices', 'limit=1&include_deleted=1', b)).tombstones).toEqual([]);
    });

    /** The ids of the list's rows changed since `since`, newest change first, and its tombstones' ids. */
    const changedSince = async (path: string, key: string, idKey: string, since: string) => {
      const page = await list(path, `limit=200&order=updated_at&include_deleted=1&updated_since=${encodeURIComponent(since)}`);
      return { ids: idsOf(page, key, idKey), deleted: (page.tombstones ?? []).map((x) => x.id) };
    };
    const age = (table: string, ids: number[]) =>
      sql(`UPDATE ${table} SET updated_at = '2020-01-01 00:00:00' WHERE account_id = ? AND id IN (${ids.map(() => '?').join(', ')})`, [a.accountId, ...ids]);

    it('moves a row into updated_since on a status-only change and on a payment allocation', async () => {
      const [flipped, allocated] = await insertInvoices(a.accountId, 2);
      await age('invoices', [flipped, allocated]);
      const since = new Date(Date.now() - 2000).toISOString();
      const before = await changedSince('/v1/invoices', 'invoices', 'invoice_id', since);
      expect(before.ids).not.toEqual(expect.arrayContaining([flipped]));
      expect(before.ids).not.toEqual(expect.arrayContaining([allocated]));

      await t.http.patch(`/v1/invoices/${flipped}`).set(a.auth).send({ payment_status: 'overdue' }).expect(200);
      const payment = (
        await t.http
          .post('/v1/payments')
          .set(a.auth)
          .send({
            client_id: clientA,
            amount: 60,
            payment_date: '2025-06-12',
            mode: 'neft',
            allocations: [{ document_type: 'invoice', document_id: allocated, amount: 60 }],
          })
          .expect(201)
      ).body.data.payment_id as number;
      expect((await changedSince('/v1/invoices', 'invoices', 'invoice_id', since)).ids).toEqual(expect.arrayContaining([flipped, allocated]));

      // Taking the allocation back moves both the payment and the invoice again.
      await age('invoices', [allocated]);
      await age('payments', [payment]);
      const allocation = (await t.http.get(`/v1/payments/${payment}`).set(a.auth).expect(200)).body.data.allocations[0];
      await t.http.delete(`/v1/payments/${payment}/allocations/${allocation.allocation_id}`).set(a.auth).expect(200);
      expect((await changedSince('/v1/invoices', 'invoices', 'invoice_id', since)).ids).toEqual(expect.arrayContaining([allocated]));
      expect((await changedSince('/v1/payments', 'payments', 'payment_id', since)).ids).toEqual(expect.arrayContaining([payment]));
    });

    it('leaves a tombstone for every row of a bulk delete and of a cascade', async () => {
      const since = new Date(Date.now() - 2000).toISOString();
      const doomed = await insertInvoices(a.accountId, 3);
      await t.http.post('/v1/invoices/bulk-delete').set(a.auth).send({ ids: doomed }).expect(200);
      expect((await changedSince('/v1/invoices', 'invoices', 'invoice_id', since)).deleted).toEqual(expect.arrayContaining(doomed));

      const clients = [await createClient(t, a, 'Bulk One'), await createClient(t, a, 'Bulk Two')];
      const res = await t.http.post('/v1/clients/bulk-delete').set(a.auth).send({ ids: clients }).expect(200);
      expect(res.body.data.deleted).toBe(2);
      expect((await changedSince('/v1/clients', 'clients', 'client_id', since)).deleted).toEqual(expect.arrayContaining(clients));

      // A client deleted with cascade=1 takes its invoices along: each leaves its tombstone.
      const owner = await createClient(t, a, 'Cascade Traders');
      const owned = (await insertInvoices(a.accountId, 2)).map(Number);
      await sql(`UPDATE invoices SET client_id = ? WHERE account_id = ? AND id IN (?, ?)`, [owner, a.accountId, ...owned]);
      await t.http.delete(`/v1/clients/${owner}?cascade=1`).set(a.auth).expect(200);
      expect((await changedSince('/v1/invoices', 'invoices', 'invoice_id', since)).deleted).toEqual(expect.arrayContaining(owned));
      expect((await changedSince('/v1/clients', 'clients', 'client_id', since)).deleted).toEqual(expect.arrayContaining([owner]));
    });
  });
});
