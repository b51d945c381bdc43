import { listedColumns } from '@app/infra/documents/document-tables';
import { documentConditions, pageOfRows } from '@app/infra/documents/sql-document-list';
import { STRIDE } from '@app/infra/shared/versioned-list';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient } from './support/sales-document-helpers';
import { fixedBySql } from './support/sql-documents';

/**
 * Invoice and client lists keep their exact totals and deep-page bookmarks under the account's data
 * version: every page, however deep and however often asked, must equal what plain SQL says, before and
 * after writes through the API and through plain SQL fixes that move the version as the application does.
 */
describe('list totals and deep pages under the data version', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  let clientB: number;
  const COUNT = 2345; // past two bookmarks (one every 1,000 rows)

  const sql = <T>(text: string, params: unknown[] = []) => t.dataSource.query(text, params) as Promise<T>;

  beforeAll(async () => {
    t = await startApp('list_totals');
    a = await t.createAccount({ name: 'Totals Traders' });
    b = await t.createAccount({ name: 'Other Traders' });
    clientA = await createClient(t, a, 'Kapoor Textiles');
    clientB = await createClient(t, a, 'Iyer Metals');
    await createClient(t, b, 'Someone Else');
    // Many invoices on few dates, so that ties on the date (ordered by id) cross the bookmarks.
    await insertInvoices(
      a.accountId,
      Array.from({ length: COUNT }, (_, i) => ({
        clientId: i % 3 ? clientA : clientB,
        date: new Date(Date.UTC(2024, 3, 1) + (i % 400) * 86400000).toISOString().slice(0, 10),
        total: 100 + i,
      })),
      'T',
    );
  });
  afterAll(() => t.close());

  /** Invoices written with plain SQL, numbered `<prefix>/1`, `<prefix>/2`... in the order given. */
  const insertInvoices = async (accountId: number, invoices: Array<{ clientId: number; date: string; total: number }>, prefix: string) => {
    const rows = invoices.map(({ clientId, date, total }, i) => {
      const fy = Number(date.slice(0, 4)) - (Number(date.slice(5, 7)) < 4 ? 1 : 0);
      return [accountId, clientId, fy, i + 1, 'INR', total, `${prefix}/${i + 1}`, date, date, 'pending', 'issued', 'local_sale', 0, date, date];
    });
    await sql(
      `INSERT INTO invoices (account_id, client_id, fy_start_year, sequence_no, currency, total_amount, invoice_number, invoice_date,
         payment_due_date, payment_status, status, invoice_type, paid_amount, created_at, updated_at) VALUES ?`,
      [rows],
    );
  };

  const list = async (query: string, account = a) => {
    const res = await t.http.get(`/v1/invoices?${query}`).set(account.auth).expect(200);
    return res.body.data as { invoices: Array<{ invoice_id: number }>; total: number };
  };

  /** What plain SQL says for the same page. */
  const expected = async (where: string, params: unknown[], limit: number, offset: number, accountId = a.accountId) => {
    const ids = await sql<Array<{ id: number }>>(
      `SELECT d.id FROM invoices d WHERE d.account_id = ? ${where} ORDER BY d.invoice_date DESC, d.id DESC LIMIT ? OFFSET ?`,
      [accountId, ...params, limit, offset],
    );
    const [{ n }] = await sql<Array<{ n: string }>>(`SELECT COUNT(*) AS n FROM invoices d WHERE d.account_id = ? ${where}`, [accountId, ...params]);
    return { ids: ids.map((r) => Number(r.id)), total: Number(n) };
  };

  const FILTERS: Array<[string, string, unknown[]]> = [
    ['', '', []],
    ['fy_start_year=2024&', 'AND d.invoice_date >= ? AND d.invoice_date <= ?', ['2024-04-01', '2025-03-31']],
    ['search=iyer&', 'AND EXISTS (SELECT 1 FROM clients c WHERE c.id = d.client_id AND c.name LIKE ?)', ['%iyer%']],
  ];
  const OFFSETS = [0, 37, 999, 1000, 1001, 1998, 2000, 2300, 2344, 2345, 3000];

  const checkAll = async () => {
    for (const [query, where, params] of FILTERS) {
      for (const offset of OFFSETS) {
        // Twice: the second answer comes from what the first one kept.
        for (let round = 0; round < 2; round++) {
          const got = await list(`${query}limit=50&offset=${offset}`);
          const want = await expected(where, params, 50, offset);
          expect({ query, offset, ids: got.invoices.map((i) => i.invoice_id), total: got.total }).toEqual({ query, offset, ...want });
        }
      }
    }
  };

  it('every page and total equals plain SQL, deep pages and repeated requests included', async () => {
    await checkAll();
  });

  it('a write through the API moves the totals and the deep pages at once', async () => {
    await list('limit=50&offset=1500');
    await t.http.post('/v1/invoices').set(a.auth).send({ client_id: clientB, invoice_date: '2024-09-01', payment_due_date: '2024-10-01' }).expect(201);
    await checkAll();
  });

  it('a plain SQL fix that moves the version with it (docs/analytics.md) is seen at once too', async () => {
    await list('limit=50&offset=2100');
    await fixedBySql(t, a.accountId, 'DELETE FROM invoices WHERE account_id = ? AND invoice_date = ? ORDER BY id LIMIT 3', [a.accountId, '2024-06-15']);
    await checkAll();
    await fixedBySql(t, a.accountId, 'UPDATE invoices SET invoice_date = ? WHERE account_id = ? AND sequence_no = 5', ['2023-01-01', a.accountId]);
    await checkAll();
    // A client's new name changes what the search finds.
    await fixedBySql(t, a.accountId, "UPDATE clients SET name = 'Kapoor Iyer Textiles' WHERE id = ?", [clientA]);
    await checkAll();
  });

  it('a deep page starts at its bookmark even when thousands of rows share its date', async () => {
    // One busy day: every bookmark of this account falls among rows of the same date.
    const busy = await t.createAccount({ name: 'Busy Day Traders' });
    const client = await createClient(t, busy, 'Daily Buyer');
    const SAME_DAY = 3000;
    await insertInvoices(
      busy.accountId,
      Array.from({ length: SAME_DAY }, () => ({ clientId: client, date: '2025-11-03', total: 100 })),
      'B',
    );
    // The list statements as the invoice repository sends them, recorded.
    const sent: Array<{ text: string; params: unknown[] }> = [];
    const db = {
      query: <T>(text: string, params: unknown[]) => {
        sent.push({ text, params });
        return t.dataSource.query(text, params) as Promise<T[]>;
      },
      inTransaction: () => false,
    };
    const table = listedColumns('invoice');
    const page = (offset: number) => {
      const filter = { limit: 50, offset };
      return pageOfRows<{ id: number }>(db, table, busy.accountId, documentConditions(table, busy.accountId, filter), filter, 'd.id');
    };
    await page(2500); // counts and bookmarks the list
    sent.length = 0;
    const { rows: got, total } = await page(2500);
    expect({ ids: got.map((r) => Number(r.id)), total }).toEqual(await expected('', [], 50, 2500, busy.accountId));
    expect(sent).toHaveLength(1);
    // What MariaDB read to answer it: the page's ids come from the bookmark at 2,000, so fewer than STRIDE entries.
    const [analysed] = await sql<Array<Record<string, string>>>(`ANALYZE FORMAT=JSON ${sent[0].text}`, sent[0].params);
    const read = indexRowsRead(JSON.parse(Object.values(analysed)[0]) as unknown);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(STRIDE);
  });

  /** The most rows any range or index scan of an ANALYZE FORMAT=JSON plan read (its `r_rows` times its `r_loops`). */
  const indexRowsRead = (plan: unknown): number => {
    let most = 0;
    const visit = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if ((n.access_type === 'range' || n.access_type === 'index') && typeof n.r_rows === 'number') most = Math.max(most, n.r_rows * (Number(n.r_loops) || 1));
      Object.values(n).forEach(visit);
    };
    visit(plan);
    return most;
  };

  it("another account's list is its own, with its own total", async () => {
    expect(await list('limit=50&offset=1000', b)).toEqual({ invoices: [], total: 0, has_more: false });
    expect((await list('limit=50', b)).total).toBe(0);
  });

  it('the client list total follows creates and deletes', async () => {
    const clients = async () => (await t.http.get('/v1/clients?limit=50').set(a.auth).expect(200)).body.data.total as number;
    const before = await clients();
    expect(await clients()).toBe(before);
    const id = await createClient(t, a, 'Newer Client');
    expect(await clients()).toBe(before + 1);
    await t.http.delete(`/v1/clients/${id}`).set(a.auth).expect(200);
    expect(await clients()).toBe(before);
  });
});
