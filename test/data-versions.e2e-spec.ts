import { Database } from '@app/infra/database/database';
import { SqlOverdueInvoices } from '@app/infra/invoices/sql-overdue-invoices';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line, todayInKolkata } from './support/sales-document-helpers';
import { sent, traced } from './support/statement-trace';

/**
 * The account's data version (`analytics_versions.version`, docs/analytics.md "Answer cache") is moved by the
 * application in the writing transaction of every insert, update and delete of the tables the analytics, the
 * receivables ageing and the list totals read; the schema has no trigger doing it. Each step writes through one path
 * (the API, the recurring run, the overdue marking) and checks that the writer's version moved and no other
 * account's did, and where a figure is cached that the next read shows the write.
 */
describe('data versions moved by the application, without triggers', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientId: number;

  beforeAll(async () => {
    t = await startApp('data_versions');
    a = await t.createAccount();
    b = await t.createAccount();
    clientId = await createClient(t, a, 'Versioned Buyer');
  });
  afterAll(() => t.close());

  const version = async (who: TestAccount = a): Promise<number> => {
    const rows: Array<{ version: string | number }> = await t.dataSource.query('SELECT version FROM analytics_versions WHERE account_id = ?', [who.accountId]);
    return Number(rows[0]?.version ?? 0);
  };

  /** Runs `write` and checks that it moved a's version and left b's alone; answers what `write` answered. */
  const moves = async <T>(what: string, write: () => Promise<T>): Promise<T> => {
    const [before, other] = [await version(), await version(b)];
    const result = await write();
    expect({ what, moved: (await version()) > before }).toEqual({ what, moved: true });
    expect(await version(b)).toBe(other);
    return result;
  };

  const post = (path: string, body: object, status = 201) => t.http.post(path).set(a.auth).send(body).expect(status);
  const patch = (path: string, body: object) => t.http.patch(path).set(a.auth).send(body).expect(200);
  const remove = (path: string) => t.http.delete(path).set(a.auth).expect(200);
  /** An issued one-line invoice of the suite's client, due on its date: its id. */
  const issuedInvoice = async (date: string, amount: number): Promise<number> =>
    (await post('/v1/invoices', { client_id: clientId, invoice_date: date, payment_due_date: date, status: 'issued', items: [line('Work', 1, amount)] })).body
      .data.invoice_id;
  const summary = async () => (await t.http.get('/v1/analytics/summary?fy_start_year=2025').set(a.auth).expect(200)).body.data;

  it('the schema holds no trigger', async () => {
    const triggers = await t.dataSource.query('SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()');
    expect(triggers).toEqual([]);
  });

  it('clients, inventory items and expenses: create, update, delete; the cached client list total follows', async () => {
    const total = async () => (await t.http.get('/v1/clients?limit=1').set(a.auth).expect(200)).body.data.total;
    const clients = await total();
    expect(await total()).toBe(clients); // kept under the version now
    const client = await moves('client create', async () => createClient(t, a, 'Second Buyer'));
    expect(await total()).toBe(clients + 1);
    await moves('client update', () => patch(`/v1/clients/${client}`, { name: 'Second Buyer LLP' }));
    await moves('client delete', () => remove(`/v1/clients/${client}`));
    expect(await total()).toBe(clients);

    const item = (await moves('inventory create', () => post('/v1/inventory', { name: 'Copper wire', rate: 250, quantity: 10, type: 'product' }))).body.data
      .inventory_id;
    await moves('inventory update', () => patch(`/v1/inventory/${item}`, { rate: 300 }));
    await moves('inventory delete', () => remove(`/v1/inventory/${item}`));

    const expense = (
      await moves('expense create', () => post('/v1/expenses', { expense_description: 'Spend', expense_amount: 500, expense_date: '2025-08-01' }))
    ).body.data.expense_id;
    await moves('expense update', () => patch(`/v1/expenses/${expense}`, { expense_amount: 650.5 }));
    await moves('expense delete', () => remove(`/v1/expenses/${expense}`));
  });

  it('invoices: create with a stock line, update with lines, issue of a draft, delete, bulk delete; the summary follows', async () => {
    const product = (await post('/v1/inventory', { name: 'Steel rod', rate: 100, quantity: 50, type: 'product' })).body.data.inventory_id;
    const before = (await summary()).total_invoices;
    const body = { client_id: clientId, invoice_date: '2025-06-10', payment_due_date: '2025-06-10', status: 'issued' };
    const invoice = (await moves('invoice create', () => post('/v1/invoices', { ...body, items: [line('Rods', 2, 100, { inventory_id: product })] }))).body.data
      .invoice_id;
    expect((await t.http.get(`/v1/inventory/${product}`).set(a.auth).expect(200)).body.data.quantity).toBe(48);
    expect((await summary()).total_invoices).toBe(before + 1);
    await moves('invoice update with lines', () => patch(`/v1/invoices/${invoice}`, { items: [line('Rods', 3, 100)] }));
    await moves('invoice payment status', () => patch(`/v1/invoices/${invoice}`, { payment_status: 'paid' }));
    await moves('invoice delete', () => remove(`/v1/invoices/${invoice}`));
    expect((await summary()).total_invoices).toBe(before);

    const draft = (await post('/v1/invoices', { ...body, status: 'draft', items: [line('Draft', 1, 100)] })).body.data.invoice_id;
    await moves('draft issued (numbered)', () => patch(`/v1/invoices/${draft}`, { status: 'issued' }));
    await moves('invoice bulk delete', () => post('/v1/invoices/bulk-delete', { ids: [draft] }, 200));
  });

  it('credit notes, debit notes and proforma invoices: create, update, delete', async () => {
    const credit = (
      await moves('credit note create', () =>
        post(
          '/v1/credit-notes',
          { client_id: clientId, credit_note_date: '2025-07-05', items: [{ description: 'Return', expense_date: '2025-07-05', amount: 118 }] },
          200,
        ),
      )
    ).body.data.credit_note_id;
    await moves('credit note update', () => patch(`/v1/credit-notes/${credit}`, { lr_number: 'LR-C' }));
    await moves('credit note delete', () => remove(`/v1/credit-notes/${credit}`));

    const debit = (
      await moves('debit note create', () =>
        post('/v1/debit-notes', {
          client_id: clientId,
          debit_note_date: '2025-09-05',
          payment_due_date: '2025-09-25',
          items: [{ description: 'Freight', amount: 250 }],
        }),
      )
    ).body.data.debit_note_id;
    await moves('debit note update', () => patch(`/v1/debit-notes/${debit}`, { lr_number: 'LR-D' }));
    await moves('debit note delete', () => remove(`/v1/debit-notes/${debit}`));

    const proforma = (
      await moves('proforma create', () =>
        post('/v1/proforma-invoices', { client_id: clientId, proforma_date: '2025-08-01', items: [line('Quote', 1, 100)] }, 200),
      )
    ).body.data.proforma_invoice_id;
    await moves('proforma update', () => patch(`/v1/proforma-invoices/${proforma}`, { declaration_text: 'Valid for 7 days' }));
    await moves('proforma delete', () => remove(`/v1/proforma-invoices/${proforma}`));
  });

  it('payments: a receipt with an allocation, its texts, an allocation added and removed, the payment deleted', async () => {
    const invoice = await issuedInvoice('2025-06-10', 1000);
    const allocation = (amount: number) => ({ document_type: 'invoice', document_id: invoice, amount });
    const paid = (
      await moves('payment with allocation', () =>
        post('/v1/payments', { client_id: clientId, amount: 600, payment_date: '2025-06-15', mode: 'upi', allocations: [allocation(100)] }),
      )
    ).body.data;
    await moves('payment texts', () => patch(`/v1/payments/${paid.payment_id}`, { reference: 'UTR-1' }));
    const added = (await moves('allocation added', () => post(`/v1/payments/${paid.payment_id}/allocations`, { allocations: [allocation(200)] }))).body.data;
    await moves('allocation removed', () => remove(`/v1/payments/${paid.payment_id}/allocations/${added.allocation_ids[0]}`));
    await moves('payment delete', () => remove(`/v1/payments/${paid.payment_id}`));
  });

  it('moves the version by the last statement of the transaction, right before COMMIT (a payment with an allocation)', async () => {
    const invoice = await issuedInvoice('2025-06-11', 500);
    const trace = await traced(() =>
      post('/v1/payments', {
        client_id: clientId,
        amount: 100,
        payment_date: '2025-06-15',
        mode: 'upi',
        allocations: [{ document_type: 'invoice', document_id: invoice, amount: 100 }],
      }),
    );
    const statements = sent(trace);
    const commit = statements.lastIndexOf('COMMIT');
    expect(commit).toBeGreaterThan(0);
    // The account's version row is locked from its upsert to COMMIT: one round trip, not the whole write.
    expect(statements[commit - 1]).toMatch(/^INSERT INTO analytics_versions /);
    expect(statements.filter((s) => s.includes('analytics_versions'))).toHaveLength(1);
  });

  it('a recurring run, a TDS deposit on an expense and the overdue marking', async () => {
    const today = todayInKolkata();
    const profile = (await post('/v1/recurring-invoices', { client_id: clientId, frequency: 'monthly', start_date: today, items: [line('Retainer', 1, 1000)] }))
      .body.data.recurring_invoice_id;
    await moves('recurring run-now', () => post(`/v1/recurring-invoices/${profile}/run-now`, {}));

    const sections = (await t.http.get('/v1/tds/sections').set(a.auth).expect(200)).body.data.sections as Array<{ section_id: number; code: string }>;
    const expense = (
      await post('/v1/expenses', {
        expense_description: 'Consulting',
        expense_amount: 60000,
        expense_date: '2025-04-15',
        vendor_name: 'Patil & Co',
        vendor_pan: 'aaapp1234c',
        payee_type: 'firm',
        tds_section_id: sections.find((s) => s.code === '194J')!.section_id,
        tds_rate: 10,
        tds_amount: 6000,
      })
    ).body.data.expense_id;
    await moves('TDS deposit', () =>
      patch(`/v1/tds/deductions/${expense}/deposit`, { challan_number: '00012', deposited_on: '2025-05-05', bsr_code: '0510032' }),
    );

    await post('/v1/invoices', {
      client_id: clientId,
      invoice_date: '2025-05-01',
      payment_due_date: '2025-05-10',
      status: 'issued',
      items: [line('Late', 1, 100)],
    });
    const overdue = new SqlOverdueInvoices(new Database(t.dataSource));
    expect(await moves('overdue marking', () => overdue.markPendingDueBefore(today, new Date()))).toBeGreaterThan(0);
  });
});
