import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';
import { createClient, line } from './support/sales-document-helpers';

/** Dates a `Y-m-d` validator takes as real calendar dates, far from these decades (and the edges of the window). */
const FAR_DATES = [
  '0001-01-01',
  '0001-03-31',
  '0001-04-01',
  '0099-12-31',
  '0999-12-31',
  '1899-12-31',
  '1900-01-01',
  '1950-06-01',
  '1999-12-31',
  '2100-01-01',
  '2125-05-01',
  '9999-04-01',
  '9999-06-01',
  '9999-12-31',
];

type Answer = { status: number; body: any };

/**
 * Dates the service takes must never end in a 500: every date input (document, due, payment, validity, expense,
 * TDS and note-line dates, list filters, analytics years, GSTR-1 periods, audit ranges, CA-sync periods, storefront
 * backfills) either works or answers 400 `validation_error` naming the field. Document numbers carry a two-digit
 * financial-year label, so a document is numbered only in the financial years 2000-01 to 2099-00, where each label
 * names one year: two documents a century apart never share a number.
 */
describe('dates far from today', () => {
  let t: TestApp;
  let a: TestAccount;
  let clientId: number;

  beforeAll(async () => {
    t = await startApp('dates');
    a = await t.createAccount({ gstin: '27AAPFU0939F1ZV' });
    clientId = await createClient(t, a);
  });
  afterAll(() => t.close());

  /** Never a 5xx. */
  function expectNo5xx(res: Answer): void {
    if (res.status >= 500) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  }

  /** 400 `validation_error` naming `field` (or one of `fields`). */
  function expectRefused(res: Answer, ...fields: string[]): void {
    expectNo5xx(res);
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 400, code: 'validation_error' });
    const named = Object.keys(res.body.error.details);
    if (!named.some((k) => fields.includes(k))) throw new Error(`expected one of ${fields.join(', ')} in ${JSON.stringify(res.body.error.details)}`);
  }

  const invoice = (fields: Record<string, unknown>) =>
    t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: clientId, invoice_date: '2025-05-01', payment_due_date: '2025-05-31', items: [line('Work', 1, 100)], ...fields });

  const noteLine = (expense_date: string) => [{ description: 'Line', expense_date, amount: 10 }];

  /** A quotation, a proforma invoice, a debit note and a credit note of 2025-05-01, to change dates on. */
  async function createDocuments() {
    const create = async (path: string, status: number, key: string, body: object) =>
      (
        await t.http
          .post(path)
          .set(a.auth)
          .send({ client_id: clientId, ...body })
          .expect(status)
      ).body.data[key] as number;
    return {
      quotationId: await create('/v1/quotations', 201, 'quotation_id', { quotation_date: '2025-05-01', items: [line('Q', 1, 10)] }),
      proformaId: await create('/v1/proforma-invoices', 200, 'proforma_invoice_id', { proforma_date: '2025-05-01', items: [line('P', 1, 10)] }),
      debitId: await create('/v1/debit-notes', 201, 'debit_note_id', { debit_note_date: '2025-05-01', items: noteLine('2025-05-01') }),
      creditId: await create('/v1/credit-notes', 200, 'credit_note_id', { credit_note_date: '2025-05-01', items: noteLine('2025-05-01') }),
    };
  }

  it('an invoice dated in FY 9999, before April 0001 or centuries away is refused with 400 on its date', async () => {
    for (const date of FAR_DATES) {
      const res = await invoice({ invoice_date: date, payment_due_date: date });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details).toHaveProperty('invoice_date');
    }
  });

  it('two invoices a century apart never collide: 2125-05-01 is refused, and 2025-05-01 keeps its numbers', async () => {
    expect((await invoice({ invoice_date: '2125-05-01', payment_due_date: '2125-05-31' })).status).toBe(400);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await invoice({ invoice_date: '2025-05-01' });
      expect(res.status).toBe(201);
      numbers.push(res.body.data.invoice_number);
    }
    expect(numbers).toEqual(['INV/25-26/0001', 'INV/25-26/0002', 'INV/25-26/0003']);
  });

  it('documents are numbered in FY 2000-01 to 2099-00 only, where a number label names one year', async () => {
    expect((await invoice({ invoice_date: '2000-04-01', payment_due_date: '2000-04-01' }).expect(201)).body.data.invoice_number).toBe('INV/00-01/0001');
    expect((await invoice({ invoice_date: '2099-12-31', payment_due_date: '2099-12-31' }).expect(201)).body.data.invoice_number).toBe('INV/99-00/0001');
    // 2000-01-01 .. 2000-03-31 is in the dates the service takes but in FY 1999-00, whose label is that of FY 2099-00.
    for (const date of ['2000-01-01', '2000-03-31']) {
      const res = await invoice({ invoice_date: date, payment_due_date: '2025-05-31' }).expect(400);
      expect(res.body.error.details.invoice_date).toMatch(/2000-04-01/);
    }
    // Before 2000 the date itself is refused, on every kind.
    for (const date of ['1999-04-01', '1900-01-01']) {
      const res = await invoice({ invoice_date: date, payment_due_date: '2025-05-31' }).expect(400);
      expect(res.body.error.details.invoice_date).toBe('must be a date from 2000-01-01 to 2099-12-31');
    }
    for (const [path, field, body] of [
      ['/v1/quotations', 'quotation_date', { items: [line('Q', 1, 10)] }],
      ['/v1/proforma-invoices', 'proforma_date', { items: [line('P', 1, 10)] }],
      ['/v1/debit-notes', 'debit_note_date', { items: [{ description: 'D', expense_date: '2025-05-01', amount: 10 }] }],
      ['/v1/credit-notes', 'credit_note_date', { items: [{ description: 'C', expense_date: '2025-05-01', amount: 10 }] }],
    ] as const) {
      for (const date of ['2000-02-01', '1950-06-01']) {
        const res = await t.http
          .post(path)
          .set(a.auth)
          .send({ client_id: clientId, [field]: date, ...body });
        expectRefused(res, field);
      }
    }
  });

  /**
   * Every date field of every kind, one request each: 1999-12-31 (and 1900-01-01, accepted by some fields before)
   * is refused naming the field, and 2000-01-01 .. 2099-12-31 is taken where the field's own rules allow it.
   */
  it('dates before 2000 are refused on every date field of every kind, not only on numbered documents', async () => {
    const sections = (await t.http.get('/v1/tds/sections').set(a.auth).expect(200)).body.data.sections as Array<{ section_id: number; code: string }>;
    const section = sections.find((s) => s.code === '194C') ?? sections[0];
    const invoiceId = (await invoice({}).expect(201)).body.data.invoice_id;
    const { quotationId, proformaId, debitId, creditId } = await createDocuments();
    const expenseId = (
      await t.http.post('/v1/expenses').set(a.auth).send({ expense_description: 'Rent', expense_amount: 100, expense_date: '2025-05-01' }).expect(201)
    ).body.data.expense_id;
    const tdsExpenseId = (
      await t.http
        .post('/v1/expenses')
        .set(a.auth)
        .send({
          expense_description: 'Works contract',
          expense_amount: 40000,
          expense_date: '2025-05-01',
          vendor_name: 'Patil & Co',
          vendor_pan: 'AAPFU0939F',
          payee_type: 'firm',
          tds_section_id: section.section_id,
          tds_rate: 2,
          tds_amount: 800,
        })
        .expect(201)
    ).body.data.expense_id;

    type Send = (date: string) => Promise<Answer>;
    const post = (path: string, body: object) => t.http.post(path).set(a.auth).send(body);
    const patch = (path: string, body: object) => t.http.patch(path).set(a.auth).send(body);
    const cases: Array<[kind: string, field: string, send: Send]> = [
      ['invoice', 'payment_due_date', (d) => patch(`/v1/invoices/${invoiceId}`, { payment_due_date: d })],
      ['invoice', 'payment_date', (d) => patch(`/v1/invoices/${invoiceId}`, { payment_status: 'partial', paid_amount: 1, payment_date: d })],
      ['quotation', 'quotation_date', (d) => patch(`/v1/quotations/${quotationId}`, { quotation_date: d })],
      ['quotation', 'validity_date', (d) => patch(`/v1/quotations/${quotationId}`, { validity_date: d })],
      ['proforma invoice', 'proforma_date', (d) => patch(`/v1/proforma-invoices/${proformaId}`, { proforma_date: d })],
      ['proforma invoice', 'validity_date', (d) => patch(`/v1/proforma-invoices/${proformaId}`, { validity_date: d })],
      ['conversion', 'payment_due_date', (d) => post(`/v1/quotations/${quotationId}/convert-to-invoice`, { invoice_date: '2025-05-02', payment_due_date: d })],
      ['debit note', 'payment_due_date', (d) => patch(`/v1/debit-notes/${debitId}`, { payment_due_date: d })],
      ['debit note', 'payment_date', (d) => patch(`/v1/debit-notes/${debitId}`, { payment_status: 'paid', payment_date: d })],
      ['debit note', 'items.0.expense_date', (d) => patch(`/v1/debit-notes/${debitId}`, { items: noteLine(d) })],
      ['credit note', 'items.0.expense_date', (d) => patch(`/v1/credit-notes/${creditId}`, { items: noteLine(d) })],
      ['expense', 'expense_date', (d) => post('/v1/expenses', { expense_description: 'Old', expense_amount: 1, expense_date: d })],
      ['expense (update)', 'expense_date', (d) => patch(`/v1/expenses/${expenseId}`, { expense_date: d })],
      ['TDS section', 'effective_from', (d) => post('/v1/tds/sections', { code: '194Z', description: 'Old', rate_individual: 1, effective_from: d })],
      [
        'TDS section',
        'effective_to',
        (d) => post('/v1/tds/sections', { code: '194Y', description: 'Old', rate_individual: 1, effective_from: '2000-01-01', effective_to: d }),
      ],
      [
        'TDS calculation',
        'payment_date',
        (d) => post('/v1/tds/calculate', { base_amount: 50000, section_id: section.section_id, payee_type: 'firm', payment_date: d }),
      ],
      [
        'TDS deposit',
        'deposited_on',
        (d) => patch(`/v1/tds/deductions/${tdsExpenseId}/deposit`, { challan_number: '00012', deposited_on: d, bsr_code: '0510032' }),
      ],
    ];
    for (const [kind, field, send] of cases) {
      for (const date of ['1999-12-31', '1900-01-01']) {
        const res = await send(date);
        expectNo5xx(res);
        expect({ kind, field, date, status: res.status, named: Object.keys(res.body.error?.details ?? {}) }).toEqual({
          kind,
          field,
          date,
          status: 400,
          named: expect.arrayContaining([field]),
        });
        expect(res.body.error.details[field]).toMatch(/2000-/);
      }
    }
    // The first day of the window is a date like any other where the field's own rules allow it.
    await t.http.post('/v1/expenses').set(a.auth).send({ expense_description: 'Edge', expense_amount: 1, expense_date: '2000-01-01' }).expect(201);
    await patch(`/v1/debit-notes/${debitId}`, { items: noteLine('2000-01-01') }).expect(200);
    await post('/v1/tds/sections', { code: '194W', description: 'Edge', rate_individual: 1, effective_from: '2000-01-01' }).expect(200);
  });

  it('every other date of a sales document', async () => {
    const created = await invoice({}).expect(201);
    const id = created.body.data.invoice_id;
    const { quotationId, proformaId, debitId, creditId } = await createDocuments();

    for (const date of FAR_DATES) {
      expectRefused(await invoice({ payment_due_date: date }), 'payment_due_date');
      expectRefused(await invoice({ payment_status: 'paid', payment_date: date }), 'payment_date');
      expectRefused(await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ invoice_date: date }), 'invoice_date');
      expectRefused(await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_due_date: date }), 'payment_due_date');
      expectRefused(
        await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'partial', paid_amount: 1, payment_date: date }),
        'payment_date',
      );
      expectRefused(
        await t.http
          .post('/v1/quotations')
          .set(a.auth)
          .send({ client_id: clientId, quotation_date: date, items: [line('Q', 1, 10)] }),
        'quotation_date',
      );
      expectRefused(
        await t.http
          .post('/v1/quotations')
          .set(a.auth)
          .send({ client_id: clientId, quotation_date: '2025-05-01', validity_date: date, items: [line('Q', 1, 10)] }),
        'validity_date',
      );
      expectRefused(await t.http.patch(`/v1/quotations/${quotationId}`).set(a.auth).send({ quotation_date: date }), 'quotation_date');
      expectRefused(await t.http.patch(`/v1/quotations/${quotationId}`).set(a.auth).send({ validity_date: date }), 'validity_date');
      expectRefused(
        await t.http
          .post('/v1/proforma-invoices')
          .set(a.auth)
          .send({ client_id: clientId, proforma_date: date, items: [line('P', 1, 10)] }),
        'proforma_date',
      );
      expectRefused(await t.http.patch(`/v1/proforma-invoices/${proformaId}`).set(a.auth).send({ validity_date: date }), 'validity_date');
      expectRefused(
        await t.http.post(`/v1/quotations/${quotationId}/convert-to-invoice`).set(a.auth).send({ invoice_date: date }),
        'invoice_date',
        'payment_due_date',
      );
      expectRefused(
        await t.http.post(`/v1/proforma-invoices/${proformaId}/convert-to-invoice`).set(a.auth).send({ invoice_date: '2025-05-02', payment_due_date: date }),
        'payment_due_date',
      );
      expectRefused(
        await t.http
          .post('/v1/debit-notes')
          .set(a.auth)
          .send({ client_id: clientId, debit_note_date: date, items: noteLine('2025-05-01') }),
        'debit_note_date',
      );
      expectRefused(
        await t.http
          .post('/v1/debit-notes')
          .set(a.auth)
          .send({ client_id: clientId, debit_note_date: '2025-05-01', payment_due_date: date, items: noteLine(date) }),
        'payment_due_date',
        'items.0.expense_date',
      );
      expectRefused(await t.http.patch(`/v1/debit-notes/${debitId}`).set(a.auth).send({ payment_status: 'paid', payment_date: date }), 'payment_date');
      expectRefused(
        await t.http
          .post('/v1/credit-notes')
          .set(a.auth)
          .send({ client_id: clientId, credit_note_date: date, items: noteLine('2025-05-01') }),
        'credit_note_date',
      );
      expectRefused(
        await t.http
          .patch(`/v1/credit-notes/${creditId}`)
          .set(a.auth)
          .send({ items: noteLine(date) }),
        'items.0.expense_date',
      );
    }
    // Nothing refused left a gap: the next invoice takes the next number.
    const next = await invoice({}).expect(201);
    expect(Number(String(next.body.data.invoice_number).split('/')[2])).toBe(Number(String(created.body.data.invoice_number).split('/')[2]) + 1);
  });

  it('expenses, TDS and the reads that sum them', async () => {
    const sections = (await t.http.get('/v1/tds/sections').set(a.auth).expect(200)).body.data.sections as Array<{ section_id: number; code: string }>;
    const section = sections.find((s) => s.code === '194J') ?? sections[0];
    const expense = await t.http
      .post('/v1/expenses')
      .set(a.auth)
      .send({ expense_description: 'Rent', expense_amount: 100, expense_date: '2025-05-01' })
      .expect(201);
    const tdsExpense = await t.http
      .post('/v1/expenses')
      .set(a.auth)
      .send({
        expense_description: 'Consulting',
        expense_amount: 60000,
        expense_date: '2025-05-01',
        vendor_name: 'Patil & Co',
        vendor_pan: 'AAPFU0939F',
        payee_type: 'firm',
        tds_section_id: section.section_id,
        tds_rate: 10,
        tds_amount: 6000,
      })
      .expect(201);
    for (const date of FAR_DATES) {
      expectRefused(await t.http.post('/v1/expenses').set(a.auth).send({ expense_description: 'Far', expense_amount: 1, expense_date: date }), 'expense_date');
      expectRefused(await t.http.patch(`/v1/expenses/${expense.body.data.expense_id}`).set(a.auth).send({ expense_date: date }), 'expense_date');
      expectRefused(
        await t.http
          .post('/v1/tds/calculate')
          .set(a.auth)
          .send({ base_amount: 50000, section_id: section.section_id, payee_type: 'firm', has_pan: true, payment_date: date }),
        'payment_date',
      );
      expectRefused(
        await t.http.post('/v1/tds/sections').set(a.auth).send({ code: '194Z', description: 'Far', rate_individual: 1, effective_from: date }),
        'effective_from',
      );
      expectRefused(
        await t.http
          .post('/v1/tds/sections')
          .set(a.auth)
          .send({ code: '194Y', description: 'Far', rate_individual: 1, effective_from: '2025-04-01', effective_to: date }),
        'effective_to',
      );
      expectRefused(
        await t.http
          .patch(`/v1/tds/deductions/${tdsExpense.body.data.expense_id}/deposit`)
          .set(a.auth)
          .send({ challan_number: '00012', deposited_on: date, bsr_code: '0510032' }),
        'deposited_on',
      );
    }
    for (const year of ['1999', '2101', '0', '9999']) {
      expectRefused(await t.http.get(`/v1/analytics/summary?fy_start_year=${year}`).set(a.auth), 'fy_start_year');
      expectRefused(await t.http.get(`/v1/analytics/full?fy_start_year=${year}`).set(a.auth), 'fy_start_year');
      expectRefused(await t.http.get(`/v1/tds/deductions?fy_start_year=${year}`).set(a.auth), 'fy_start_year');
      expectRefused(await t.http.get(`/v1/tds/reports?fy_start_year=${year}`).set(a.auth), 'fy_start_year');
      expectRefused(
        await t.http
          .post('/v1/tds/certificates')
          .set(a.auth)
          .send({ fy_start_year: Number(year), quarter: 1, deductee: 'AAPFU0939F' }),
        'fy_start_year',
      );
    }
    for (const year of ['2000', '2099', '2100']) {
      await t.http.get(`/v1/analytics/summary?fy_start_year=${year}`).set(a.auth).expect(200);
      await t.http.get(`/v1/analytics/full?fy_start_year=${year}`).set(a.auth).expect(200);
      await t.http.get(`/v1/tds/deductions?fy_start_year=${year}`).set(a.auth).expect(200);
      await t.http.get(`/v1/tds/reports?fy_start_year=${year}`).set(a.auth).expect(200);
      for (const quarter of [1, 4])
        expectNo5xx(
          await t.http
            .post('/v1/tds/certificates')
            .set(a.auth)
            .send({ fy_start_year: Number(year), quarter, deductee: 'AAPFU0939F' }),
        );
    }
    await t.http.get('/v1/analytics/full').set(a.auth).expect(200);
  });

  it('documents, stock, expenses and TDS at the edges of the window are read everywhere without a 5xx', async () => {
    const item = (await t.http.post('/v1/inventory').set(a.auth).send({ name: 'Edge stock', rate: 100, quantity: 10 }).expect(201)).body.data.inventory_id;
    const first = await invoice({ invoice_date: '2000-04-01', payment_due_date: '2000-04-01', payment_status: 'paid', payment_date: '2000-04-01' }).expect(201);
    const last = await invoice({
      invoice_date: '2099-12-31',
      payment_due_date: '2099-12-31',
      payment_status: 'partial',
      paid_amount: 10,
      payment_date: '2099-12-31',
      items: [line('Edge stock', 2, 100, { inventory_id: item })],
    }).expect(201);
    const quotation = (
      await t.http
        .post('/v1/quotations')
        .set(a.auth)
        .send({ client_id: clientId, quotation_date: '2099-12-31', validity_date: '2099-12-31', items: [line('Q', 1, 10)] })
        .expect(201)
    ).body.data.quotation_id;
    await t.http
      .post(`/v1/quotations/${quotation}/convert-to-invoice`)
      .set(a.auth)
      .send({ invoice_date: '2099-12-31', payment_due_date: '2099-12-31' })
      .expect(200);
    const debit = (
      await t.http
        .post('/v1/debit-notes')
        .set(a.auth)
        .send({
          client_id: clientId,
          debit_note_date: '2099-12-31',
          payment_due_date: '2099-12-31',
          items: [{ description: 'D', expense_date: '2000-01-01', amount: 10 }],
        })
        .expect(201)
    ).body.data.debit_note_id;
    const credit = (
      await t.http.post('/v1/credit-notes').set(a.auth).send({ source_invoice_id: first.body.data.invoice_id, credit_note_date: '2000-04-01' }).expect(200)
    ).body.data.credit_note_id;
    for (const date of ['2000-01-01', '2099-12-31']) {
      await t.http.post('/v1/expenses').set(a.auth).send({ expense_description: 'Edge', expense_amount: 1, expense_date: date }).expect(201);
    }
    const sections = (await t.http.get('/v1/tds/sections').set(a.auth).expect(200)).body.data.sections as Array<{
      section_id: number;
      code: string;
      effective_to: string | null;
    }>;
    const section = sections.find((s) => s.code === '194J' && s.effective_to === null) ?? sections.find((s) => s.effective_to === null);
    expectNo5xx(
      await t.http.post('/v1/expenses').set(a.auth).send({
        expense_description: 'Edge consulting',
        expense_amount: 60000,
        expense_date: '2099-12-31',
        vendor_name: 'Patil & Co',
        vendor_pan: 'AAPFU0939F',
        payee_type: 'firm',
        tds_section_id: section?.section_id,
        tds_rate: 10,
        tds_amount: 6000,
      }),
    );

    const reads = [
      `/v1/invoices/${first.body.data.invoice_id}`,
      `/v1/invoices/${last.body.data.invoice_id}`,
      `/v1/debit-notes/${debit}`,
      `/v1/credit-notes/${credit}`,
      `/v1/quotations/${quotation}`,
      `/v1/inventory/${item}/movements`,
      '/v1/invoices?fy_start_year=2099',
      '/v1/invoices?fy_start_year=2000',
      '/v1/invoices?date_from=2000-01-01&date_to=2099-12-31&due_from=2000-01-01&due_to=2099-12-31',
      '/v1/invoices/recent-payments?since=2000-01-01%2000:00:00',
      '/v1/debit-notes?fy_start_year=2099',
      '/v1/credit-notes?fy_start_year=2000',
      '/v1/expenses',
      '/v1/analytics/summary',
      '/v1/analytics/full',
      '/v1/analytics/full?fy_start_year=2099',
      '/v1/analytics/full?fy_start_year=2000',
      '/v1/tds/deductions',
      '/v1/tds/deductions?fy_start_year=2099',
      '/v1/tds/reports?fy_start_year=2099',
      '/v1/exports/gstr1?period=2099-12',
      '/v1/exports/gstr1?quarter=2099-Q3',
      '/v1/exports/gstr1?period=2000-04&format=xlsx',
      '/v1/audit-log?from=2000-01-01&to=2099-12-31',
    ];
    for (const path of reads) {
      const res = await t.http.get(path).set(a.auth);
      expectNo5xx(res);
      expect([path, res.status]).toEqual([path, 200]);
    }
    for (const [type, id] of [
      ['invoice', last.body.data.invoice_id],
      ['invoice', first.body.data.invoice_id],
      ['debit-note', debit],
      ['credit-note', credit],
    ]) {
      const pdf = await t.http.get(`/v1/documents/${type}/${id}/pdf`).set(a.auth).buffer(true).parse(binary);
      expect([type, pdf.status]).toEqual([type, 200]);
    }
  });

  it('list filters, recent payments, GSTR-1 periods, audit ranges, CA-sync periods and storefront backfills', async () => {
    const lists = ['/v1/invoices', '/v1/quotations', '/v1/proforma-invoices', '/v1/debit-notes', '/v1/credit-notes'];
    for (const date of FAR_DATES) {
      for (const path of lists) {
        expectRefused(await t.http.get(`${path}?date_from=${date}`).set(a.auth), 'date_from');
        expectRefused(await t.http.get(`${path}?date_to=${date}`).set(a.auth), 'date_to');
      }
      for (const filter of ['due_from', 'due_to', 'payment_date_from', 'payment_date_to']) {
        expectRefused(await t.http.get(`/v1/invoices?${filter}=${date}`).set(a.auth), filter);
      }
      expectRefused(await t.http.get(`/v1/invoices/recent-payments?since=${encodeURIComponent(`${date} 00:00:00`)}`).set(a.auth), 'since');
      expectRefused(await t.http.get(`/v1/invoices/recent-payments?since=${encodeURIComponent(`${date} 23:59:59`)}`).set(a.auth), 'since');
      for (const field of ['from', 'to']) {
        for (const value of [date, `${date} 23:59:59`, `${date}T23:59:59-14:00`, `${date}T00:00:00+14:00`]) {
          expectRefused(await t.http.get(`/v1/audit-log?${field}=${encodeURIComponent(value)}`).set(a.auth), field);
        }
      }
      expectRefused(await t.http.post('/v1/settings/ca-sync/test-send').set(a.auth).send({ from: date, to: date }), 'from', 'to');
      expectRefused(await t.http.post('/v1/integrations/storefront/backfill').set(a.auth).send({ since: date }), 'since');
      expectRefused(
        await t.http
          .post('/v1/integrations/storefront/backfill')
          .set(a.auth)
          .send({ since: `${date} 23:59:59` }),
        'since',
      );
    }
    // The edges of the window work.
    for (const [from, to] of [
      ['2000-01-01', '2099-12-31'],
      ['2000-01-01', '2000-01-01'],
      ['2099-12-31', '2099-12-31'],
    ]) {
      for (const path of lists) await t.http.get(`${path}?date_from=${from}&date_to=${to}`).set(a.auth).expect(200);
      await t.http.get(`/v1/invoices?due_from=${from}&due_to=${to}&payment_date_from=${from}&payment_date_to=${to}`).set(a.auth).expect(200);
      await t.http
        .get(`/v1/invoices/recent-payments?since=${encodeURIComponent(`${from} 00:00:00`)}`)
        .set(a.auth)
        .expect(200);
      for (const [f, tt] of [
        [from, to],
        [`${from}T00:00:00+14:00`, `${to}T23:59:59-14:00`],
      ]) {
        await t.http
          .get(`/v1/audit-log?from=${encodeURIComponent(f)}&to=${encodeURIComponent(tt)}`)
          .set(a.auth)
          .expect(200);
      }
      expectNo5xx(await t.http.post('/v1/settings/ca-sync/test-send').set(a.auth).send({ from, to }));
      expectNo5xx(await t.http.post('/v1/integrations/storefront/backfill').set(a.auth).send({ since: from }));
    }
    for (const query of [
      'period=0000-01',
      'period=0001-12',
      'period=0099-01',
      'period=1899-12',
      'period=1900-01',
      'period=1999-12',
      'period=2100-01',
      'period=9999-12',
      'quarter=0000-Q1',
      'quarter=0001-Q4',
      'quarter=1898-Q4',
      'quarter=1899-Q4',
      'quarter=1999-Q3',
      'quarter=2099-Q4',
      'quarter=2100-Q1',
      'quarter=9999-Q4',
    ]) {
      expectRefused(await t.http.get(`/v1/exports/gstr1?${query}`).set(a.auth), 'period', 'quarter');
      expectRefused(await t.http.get(`/v1/exports/gstr1?${query}&format=xlsx`).set(a.auth), 'period', 'quarter');
    }
    for (const query of ['period=2000-01', 'period=2099-12', 'quarter=1999-Q4', 'quarter=2099-Q3']) {
      await t.http.get(`/v1/exports/gstr1?${query}`).set(a.auth).expect(200);
      await t.http.get(`/v1/exports/gstr1?${query}&format=xlsx`).set(a.auth).expect(200);
    }
  });
});
