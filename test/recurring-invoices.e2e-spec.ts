import { startApp, TestAccount, TestApp } from './support/app-harness';
import { activityOf, createClient, line, todayInKolkata } from './support/sales-document-helpers';
import { addDays } from '@app/domain/recurring-invoices/recurring-schedule';
import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import { RecurringTemplateKeys1732004300000 } from '@app/infra/database/migrations/1732004300000-recurring-template-keys';

/**
 * Recurring invoice profiles over HTTP: the template checked as an invoice, the schedule fields, list
 * filters, read with runs, PATCH from the next run, pause and resume, run-now (exactly once a day), delete,
 * and the isolation of accounts. The worker's generation is in recurring-generation.e2e-spec.ts.
 */
describe('recurring invoice profiles', () => {
  let t: TestApp;
  let a: TestAccount;
  let client: number;
  const today = todayInKolkata();

  beforeAll(async () => {
    t = await startApp('recurring');
    a = await t.createAccount({ name: 'Retainer Co' });
    client = await createClient(t, a, 'Monthly Client');
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (body: object, account: TestAccount = a) =>
    t.http
      .post('/v1/recurring-invoices')
      .set(account.auth)
      .send({ client_id: client, frequency: 'monthly', start_date: addDays(today, 10), items: [line('Retainer', 1, 1000)], ...body });

  it("stores the template as the domain's command and shows it as the body; the migration turns stored bodies into commands", async () => {
    const res = await create({ lr_number: 'LR-R1', place_of_supply: '29', items: [line('Retainer', 2, 750)] }).expect(201);
    const id = res.body.data.recurring_invoice_id;
    const stored = async () =>
      JSON.parse((await t.dataSource.query('SELECT template FROM recurring_invoices WHERE id = ?', [id]))[0].template) as Record<string, unknown>;
    expect(await stored()).toMatchObject({ lrNumber: 'LR-R1', placeOfSupply: '29', items: [{ itemDescription: 'Retainer', quantity: 2 }] });
    const shown = (await t.http.get(`/v1/recurring-invoices/${id}`).set(a.auth).expect(200)).body.data.template;
    expect(shown).toMatchObject({ lr_number: 'LR-R1', place_of_supply: '29', items: [{ item_description: 'Retainer', quantity: 2 }] });

    const migration = new RecurringTemplateKeys1732004300000();
    const runner = t.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await stored()).toMatchObject({ lr_number: 'LR-R1', place_of_supply: '29', items: [{ item_description: 'Retainer' }] });
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await stored()).toMatchObject({ lrNumber: 'LR-R1', placeOfSupply: '29', items: [{ itemDescription: 'Retainer' }] });
    expect((await t.http.get(`/v1/recurring-invoices/${id}`).set(a.auth).expect(200)).body.data.template).toEqual(shown);
  });

  it('creates a profile (201 with its next run date) and reads it back with its template and no runs', async () => {
    const start = addDays(today, 40);
    const res = await create({
      start_date: start,
      day_of_month: 'last',
      payment_terms_days: 15,
      auto_send: true,
      email_subject: 'Invoice {{invoice_number}}',
    }).expect(201);
    const id = res.body.data.recurring_invoice_id;
    const last = `${start.slice(0, 8)}${new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 0)).getUTCDate()}`;
    expect(res.body.data).toEqual({ recurring_invoice_id: id, next_run_date: last, tax_warnings: expect.any(Array) });
    const got = await t.http.get(`/v1/recurring-invoices/${id}`).set(a.auth).expect(200);
    expect(got.body.data).toMatchObject({
      recurring_invoice_id: id,
      client_id: client,
      status: 'active',
      frequency: 'monthly',
      interval: 1,
      start_date: start,
      end_date: null,
      occurrences: null,
      day_of_month: 'last',
      payment_terms_days: 15,
      catch_up: 'each',
      auto_send: true,
      email_subject: 'Invoice {{invoice_number}}',
      next_run_date: last,
      runs_count: 0,
      last_run_date: null,
      runs: [],
    });
    expect(got.body.data.template.items[0]).toMatchObject({ item_description: 'Retainer', rate: 1000 });
    const [created] = await activityOf(t, a.accountId, 'recurring_invoice', id);
    expect(created).toMatchObject({ action: 'created', actor_kind: 'api_key' });
  });

  it('refuses what is not a schedule or not an invoice, naming the field (400, never 500)', async () => {
    const problems: Array<[object, string]> = [
      [{ frequency: undefined }, 'frequency'],
      [{ frequency: 'daily' }, 'frequency'],
      [{ start_date: '2026-02-30' }, 'start_date'],
      [{ day_of_month: 29 }, 'day_of_month'],
      [{ day_of_month: 'first' }, 'day_of_month'],
      [{ interval: 0 }, 'interval'],
      [{ occurrences: 3, end_date: addDays(today, 400) }, 'occurrences'],
      [{ end_date: addDays(today, 1), start_date: addDays(today, 5) }, 'end_date'],
      [{ catch_up: 'all' }, 'catch_up'],
      [{ status: 'completed' }, 'status'],
      [{ payment_terms_days: -1 }, 'payment_terms_days'],
      [{ auto_send: 'yes' }, 'auto_send'],
      [{ items: [line('Bad rate', 1, 100, { tax_rate: 13 })] }, 'items.0.tax_rate'],
      [{ client_id: undefined }, 'client_id'],
    ];
    for (const [body, field] of problems) {
      const res = await create(body);
      expect([res.status, res.body.error?.code, field]).toEqual([400, 'validation_error', field]);
      expect(Object.keys(res.body.error.details ?? {})).toContain(field);
    }
  });

  it('lists with filters and total; PATCH applies from the next run; pause and resume; delete', async () => {
    const other = await createClient(t, a, 'Quarterly Client');
    const q = (await create({ client_id: other, frequency: 'quarterly', start_date: addDays(today, 3) }).expect(201)).body.data.recurring_invoice_id;
    const list = await t.http.get(`/v1/recurring-invoices?client_id=${other}`).set(a.auth).expect(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.recurring_invoices.map((p: { recurring_invoice_id: number }) => p.recurring_invoice_id)).toEqual([q]);

    const patched = await t.http
      .patch(`/v1/recurring-invoices/${q}`)
      .set(a.auth)
      .send({ frequency: 'weekly', start_date: addDays(today, 1), items: [line('New line', 2, 50)] })
      .expect(200);
    expect(patched.body.data.next_run_date).toBe(addDays(today, 1));
    const read = (await t.http.get(`/v1/recurring-invoices/${q}`).set(a.auth).expect(200)).body.data;
    expect(read.frequency).toBe('weekly');
    expect(read.template.items).toHaveLength(1);
    expect(read.template.items[0].item_description).toBe('New line');

    const paused = await t.http.post(`/v1/recurring-invoices/${q}/pause`).set(a.auth).expect(200);
    expect(paused.body.data.status).toBe('paused');
    expect((await t.http.get('/v1/recurring-invoices?status=paused').set(a.auth).expect(200)).body.data.total).toBe(1);
    const resumed = await t.http.post(`/v1/recurring-invoices/${q}/resume`).set(a.auth).expect(200);
    expect(resumed.body.data).toMatchObject({ status: 'active', next_run_date: addDays(today, 1) });

    await t.http.delete(`/v1/recurring-invoices/${q}`).set(a.auth).expect(200);
    await t.http.get(`/v1/recurring-invoices/${q}`).set(a.auth).expect(404);
  });

  it('keeps every invoice field of the template: the delivery address and the e-commerce operator reach each run', async () => {
    const operator = `29AABCF8078M1Z${gstinCheckCharacter('29AABCF8078M1Z')}`;
    const sent = { delivery_address: 'Plot 4, MIDC Bhosari, Pune 411026', ecommerce_gstin: operator, ecommerce_section: '52' };
    const id = (await create({ ...sent, start_date: addDays(today, 5) }).expect(201)).body.data.recurring_invoice_id;
    expect((await t.http.get(`/v1/recurring-invoices/${id}`).set(a.auth).expect(200)).body.data.template).toMatchObject(sent);
    const run = (await t.http.post(`/v1/recurring-invoices/${id}/run-now`).set(a.auth).expect(201)).body.data;
    expect((await t.http.get(`/v1/invoices/${run.invoice_id}`).set(a.auth).expect(200)).body.data).toMatchObject(sent);
  });

  it('run-now makes the invoice of today once (409 the second time), numbered, with source recurring in its history', async () => {
    const id = (await create({ start_date: addDays(today, 5), payment_terms_days: 7 }).expect(201)).body.data.recurring_invoice_id;
    const run = await t.http.post(`/v1/recurring-invoices/${id}/run-now`).set(a.auth).expect(201);
    expect(run.body.data).toMatchObject({ run_date: today, sendout_id: null });
    expect(run.body.data.invoice_number).toMatch(/^INV\/\d{2}-\d{2}\/\d{4}$/);
    const again = await t.http.post(`/v1/recurring-invoices/${id}/run-now`).set(a.auth).expect(409);
    expect(again.body.error.code).toBe('conflict');

    const invoice = (await t.http.get(`/v1/invoices/${run.body.data.invoice_id}`).set(a.auth).expect(200)).body.data;
    expect(invoice).toMatchObject({ client_id: client, invoice_date: today, payment_due_date: addDays(today, 7), status: 'issued', payment_status: 'pending' });
    const history = (await t.http.get(`/v1/invoices/${run.body.data.invoice_id}/history`).set(a.auth).expect(200)).body.data.entries;
    expect(history[0]).toMatchObject({ action: 'created', after: expect.objectContaining({ source: 'recurring', recurring_invoice_id: id, run_date: today }) });

    const read = (await t.http.get(`/v1/recurring-invoices/${id}`).set(a.auth).expect(200)).body.data;
    expect(read.runs).toEqual([expect.objectContaining({ run_date: today, status: 'created', source: 'run_now', invoice_id: run.body.data.invoice_id })]);
    expect(read.runs[0].invoice_number).toBe(run.body.data.invoice_number);
    expect(read).toMatchObject({ runs_count: 1, last_run_date: today, next_run_date: addDays(today, 5) });
  });

  it('a profile that ends after its occurrences completes; pause answers 409 then', async () => {
    const id = (await create({ start_date: addDays(today, 2), occurrences: 1 }).expect(201)).body.data.recurring_invoice_id;
    await t.http.post(`/v1/recurring-invoices/${id}/run-now`).set(a.auth).expect(201);
    const read = (await t.http.get(`/v1/recurring-invoices/${id}`).set(a.auth).expect(200)).body.data;
    expect(read).toMatchObject({ status: 'completed', next_run_date: null, runs_count: 1 });
    await t.http.post(`/v1/recurring-invoices/${id}/pause`).set(a.auth).expect(409);
    await t.http.post(`/v1/recurring-invoices/${id}/run-now`).set(a.auth).expect(409);
    // A longer schedule makes it run again.
    const patched = await t.http.patch(`/v1/recurring-invoices/${id}`).set(a.auth).send({ occurrences: 3 }).expect(200);
    expect(patched.body.data.next_run_date).toBe(addDays(today, 2));
  });

  it("another account's profile is not found, and its client cannot be named", async () => {
    const b = await t.createAccount();
    const id = (await create({}).expect(201)).body.data.recurring_invoice_id;
    for (const [method, path] of [
      ['get', `/v1/recurring-invoices/${id}`],
      ['patch', `/v1/recurring-invoices/${id}`],
      ['delete', `/v1/recurring-invoices/${id}`],
      ['post', `/v1/recurring-invoices/${id}/pause`],
      ['post', `/v1/recurring-invoices/${id}/resume`],
      ['post', `/v1/recurring-invoices/${id}/run-now`],
    ] as const) {
      await t.http[method](path).set(b.auth).send({}).expect(404);
    }
    const res = await create({}, b).expect(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await t.http.get('/v1/recurring-invoices').set(b.auth).expect(200)).body.data.total).toBe(0);
  });
});
