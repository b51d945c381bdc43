import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { InvoiceRepository } from '@app/domain/invoices/invoice.repository.port';
import { invoiceRepositoryContract } from '../libs/domain/testing/invoice-repository.contract';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line } from './support/sales-document-helpers';

describe('invoice lists, recent payments and the repository contract', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;

  beforeAll(async () => {
    t = await startApp('invoice_lists');
    a = await t.createAccount({ name: 'Acme Traders', email: 'acme.invoices@example.com', gstin: '27AAPFU0939F1ZV' });
    b = await t.createAccount({ currency: 'USD' });
    clientA = await createClient(t, a, 'Sharma Traders');
    await createClient(t, b, 'Other Business');
  });
  afterAll(() => t.close());

  const create = (account: TestAccount, body: object) => t.http.post('/v1/invoices').set(account.auth).send(body);
  const get = async (account: TestAccount, id: number) => (await t.http.get(`/v1/invoices/${id}`).set(account.auth).expect(200)).body.data;
  const base = (extra: object = {}) => ({ client_id: clientA, invoice_date: '2025-06-10', payment_due_date: '2025-07-10', ...extra });
  const newInvoice = async (account: TestAccount, body: object) => (await create(account, body).expect(201)).body.data.invoice_id as number;

  describe('lists and filters', () => {
    let client1: number;
    let client2: number;
    const made: Record<string, number> = {};

    beforeAll(async () => {
      const acc = a;
      client1 = await createClient(t, acc, 'Zenith Exports');
      client2 = await createClient(t, acc, 'Mehta & Sons');
      const specs: Array<[string, object]> = [
        ['mar31', { client_id: client1, invoice_date: '2025-03-31', payment_due_date: '2025-04-15', status: 'issued', payment_status: 'pending' }],
        [
          'apr01',
          {
            client_id: client1,
            invoice_date: '2025-04-01',
            payment_due_date: '2025-04-30',
            status: 'draft',
            payment_status: 'paid',
            payment_date: '2025-04-05',
          },
        ],
        [
          'mid',
          {
            client_id: client2,
            invoice_date: '2025-10-15',
            payment_due_date: '2025-11-15',
            status: 'issued',
            payment_status: 'partial',
            paid_amount: 1,
            payment_date: '2025-10-20',
            items: [line('x', 1, 100)],
          },
        ],
        ['mar31b', { client_id: client2, invoice_date: '2026-03-31', payment_due_date: '2026-03-31', status: 'cancelled', payment_status: 'overdue' }],
        [
          'apr01b',
          {
            client_id: client1,
            invoice_date: '2026-04-01',
            payment_due_date: '2026-05-01',
            status: 'archived',
            payment_status: 'paid',
            payment_date: '2026-04-01',
          },
        ],
      ];
      for (const [key, body] of specs) made[key] = await newInvoice(acc, body);
    });

    const list = async (query: string, account = a) => {
      const res = await t.http.get(`/v1/invoices?${query}`).set(account.auth).expect(200);
      return res.body.data as { invoices: Array<Record<string, unknown>>; total: number };
    };
    const ids = async (query: string) => (await list(query)).invoices.map((i) => i.invoice_id);
    const mine = (query: string) => ids(`${query}&limit=200`).then((all) => all.filter((id) => Object.values(made).includes(id as number)));

    it('fy_start_year runs from April 1 to March 31', async () => {
      expect(await mine(`client_id=${client1}&fy_start_year=2024`)).toEqual([made.mar31]);
      expect(await ids(`fy_start_year=2025&client_id=${client1}`)).toEqual([made.apr01]);
      expect((await mine('fy_start_year=2025')).sort()).toEqual([made.apr01, made.mid, made.mar31b].sort());
      expect(await mine('fy_start_year=2026')).toEqual([made.apr01b]);
    });

    it('date_from and date_to are inclusive, and fy_start_year overrides them', async () => {
      expect(await mine('date_from=2025-03-31&date_to=2025-04-01')).toEqual([made.apr01, made.mar31]);
      expect(await mine('date_from=2026-03-31')).toEqual([made.apr01b, made.mar31b]);
      expect(await mine('date_to=2025-03-31')).toEqual([made.mar31]);
      expect(await mine('fy_start_year=2024&date_from=2026-01-01&date_to=2026-12-31')).toEqual([made.mar31]);
    });

    it('filters by client, status, payment status, due dates and payment dates, combined', async () => {
      expect(await mine(`client_id=${client2}`)).toEqual([made.mar31b, made.mid]);
      expect(await mine('status=draft')).toEqual([made.apr01]);
      expect(await mine('status=cancelled')).toEqual([made.mar31b]);
      expect(await mine('payment_status=paid')).toEqual([made.apr01b, made.apr01]);
      expect(await mine('payment_status=partial')).toEqual([made.mid]);
      expect(await mine('due_from=2025-04-15&due_to=2025-04-30')).toEqual([made.apr01, made.mar31]);
      expect(await mine('payment_date_from=2025-04-05&payment_date_to=2025-10-20')).toEqual([made.mid, made.apr01]);
      expect(await mine(`payment_status=paid&client_id=${client1}&fy_start_year=2025`)).toEqual([made.apr01]);
      expect(await mine(`status=archived&payment_status=paid&due_from=2026-05-01&client_id=${client1}`)).toEqual([made.apr01b]);
      expect(await mine(`status=archived&client_id=${client2}`)).toEqual([]);
    });

    it('search matches the number or the client name (case-insensitive), with the other filters', async () => {
      const invoice = await get(a, made.mid);
      expect(await ids(`search=${encodeURIComponent(invoice.invoice_number)}`)).toEqual([made.mid]);
      expect(await mine('search=zenith')).toEqual([made.apr01b, made.apr01, made.mar31]);
      expect(await mine(`search=${encodeURIComponent('MEHTA &')}`)).toEqual([made.mar31b, made.mid]);
      expect(await mine('search=zenith&fy_start_year=2025')).toEqual([made.apr01]);
      expect(await mine('search=%25')).toEqual([]);
      expect(await mine('search=nobody-by-this-name')).toEqual([]);
    });

    it('orders newest invoice date first, ties by id descending; pages with total; rows carry header columns only', async () => {
      const tie1 = await newInvoice(a, base({ client_id: client2, invoice_date: '2025-10-15', payment_due_date: '2025-10-15' }));
      const tie2 = await newInvoice(a, base({ client_id: client2, invoice_date: '2025-10-15', payment_due_date: '2025-10-15' }));
      const all = await list(`client_id=${client2}`);
      expect(all.invoices.map((i) => i.invoice_id)).toEqual([made.mar31b, tie2, tie1, made.mid]);
      expect(all.total).toBe(4);
      const page = await list(`client_id=${client2}&limit=2&offset=1`);
      expect(page.invoices.map((i) => i.invoice_id)).toEqual([tie2, tie1]);
      expect(page.total).toBe(4);
      expect(page.invoices[0]).not.toHaveProperty('items');
      expect(page.invoices[0]).toMatchObject({ invoice_number: expect.any(String), total_amount: 0, payment_status: 'pending' });
      const everything = await list('');
      expect(everything.invoices.length).toBe(Math.min(50, everything.total));
    });

    it('rejects bad filter values keyed by parameter', async () => {
      for (const [param, value] of [
        ['fy_start_year', 'x'],
        ['date_from', '2025-13-01'],
        ['status', 'paid'],
        ['payment_status', 'later'],
        ['due_to', 'tomorrow'],
        ['payment_date_from', '2025-02-29'],
        ['client_id', '0'],
        ['limit', '201'],
        ['offset', '-1'],
      ]) {
        const res = await t.http.get(`/v1/invoices?${param}=${value}`).set(a.auth).expect(400);
        expect(Object.keys(res.body.error.details)).toEqual([param]);
      }
    });
  });

  describe('recent payments', () => {
    it('lists invoices that became paid after `since` (default one hour ago)', async () => {
      const fresh = await newInvoice(a, base({ payment_status: 'paid', items: [line('Paid now', 1, 10)] }));
      const older = await newInvoice(a, base({ payment_status: 'paid' }));
      await newInvoice(a, base({ payment_status: 'partial', paid_amount: 1, items: [line('Partly', 1, 10)] }));
      await t.dataSource.query('UPDATE invoices SET paid_at = UTC_TIMESTAMP() - INTERVAL 2 HOUR WHERE id = ?', [older]);

      const byDefault = (await t.http.get('/v1/invoices/recent-payments').set(a.auth).expect(200)).body.data;
      const defaultIds = byDefault.payments.map((p: { invoice_id: number }) => p.invoice_id);
      expect(defaultIds).toContain(fresh);
      expect(defaultIds).not.toContain(older);
      expect(byDefault.payments.every((p: { payment_status: string }) => p.payment_status === 'paid')).toBe(true);
      expect(byDefault.payments.find((p: { invoice_id: number }) => p.invoice_id === fresh)).toMatchObject({ paid_amount: 11.8, paid_at: expect.any(String) });

      const since = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
      const wide = (await t.http.get('/v1/invoices/recent-payments').query({ since }).set(a.auth).expect(200)).body.data;
      expect(wide.payments.map((p: { invoice_id: number }) => p.invoice_id)).toEqual(expect.arrayContaining([fresh, older]));
      const future = (await t.http.get('/v1/invoices/recent-payments').query({ since: '2099-12-31 23:59:59' }).set(a.auth).expect(200)).body.data;
      expect(future.payments).toEqual([]);
      const other = (await t.http.get('/v1/invoices/recent-payments').query({ since }).set(b.auth).expect(200)).body.data;
      expect(other.payments.map((p: { invoice_id: number }) => p.invoice_id)).not.toContain(fresh);
    });

    it('keeps the first paid time when a paid invoice is edited, and forgets it when it is no longer paid', async () => {
      const id = await newInvoice(a, base({ payment_status: 'paid' }));
      await t.dataSource.query('UPDATE invoices SET paid_at = UTC_TIMESTAMP() - INTERVAL 2 HOUR WHERE id = ?', [id]);
      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ lr_number: 'LR-9' }).expect(200);
      const recent = (await t.http.get('/v1/invoices/recent-payments').set(a.auth).expect(200)).body.data.payments;
      expect(recent.map((p: { invoice_id: number }) => p.invoice_id)).not.toContain(id);
      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'pending' }).expect(200);
      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'paid' }).expect(200);
      const again = (await t.http.get('/v1/invoices/recent-payments').set(a.auth).expect(200)).body.data.payments;
      expect(again.map((p: { invoice_id: number }) => p.invoice_id)).toContain(id);
    });

    it('rejects a since that is not Y-m-d H:i:s', async () => {
      const res = await t.http.get('/v1/invoices/recent-payments?since=yesterday').set(a.auth).expect(400);
      expect(Object.keys(res.body.error.details)).toEqual(['since']);
    });
  });

  describe('TypeormInvoiceRepository (contract)', () => {
    invoiceRepositoryContract(() => ({
      repo: () => t.app.get(InvoiceRepository),
      newAccount: async () => (await t.createAccount()).accountId,
      addClient: (accountId, name) =>
        t.app
          .get(ClientRepository)
          .insert(accountId, { name, phone: '9876543210', countryCode: '+91', email: 'c@example.com', address: null, gstin: null, stateCode: null }),
    }));
  });
});
