import { kolkataDate } from '@app/domain/shared/fiscal-year';
import { startApp, TestAccount, TestApp } from './support/app-harness';

/**
 * Every figure of the analytics answers is checked against sums this file computes itself, in paise
 * (integers), from the documents it created: no figure is copied from the service.
 */
interface LineSpec {
  taxable: number; // paise
  rate: number;
  intra: boolean;
  inventory?: 'product';
  quantity?: number;
}
interface InvoiceSpec {
  date: string;
  status: 'draft' | 'issued' | 'cancelled' | 'archived';
  b2b: boolean;
  lines: LineSpec[];
  paid?: 'paid' | { partial: number };
  tds?: number; // paise
  due?: string;
}

const tax = (l: LineSpec) => Math.round((l.taxable * l.rate) / 100);
const half = (l: LineSpec) => Math.round((l.taxable * l.rate) / 200);
const lineTax = (l: LineSpec) => (l.intra ? { cgst: half(l), sgst: half(l), igst: 0 } : { cgst: 0, sgst: 0, igst: tax(l) });
const lineTotal = (l: LineSpec) => {
  const t = lineTax(l);
  return l.taxable + t.cgst + t.sgst + t.igst;
};
const invoiceTotal = (s: InvoiceSpec) => s.lines.reduce((a, l) => a + lineTotal(l), 0);
const rupees = (paise: number) => paise / 100;
const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((a, x) => a + f(x), 0);
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86400000).toISOString().slice(0, 10);
const inFy = (fy: number | null) => (date: string) => fy === null || (date >= `${fy}-04-01` && date <= `${fy + 1}-03-31`);
const counted = (status: string) => status === 'issued' || status === 'archived';

describe('analytics', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let fresh: TestAccount;
  let registered: number;
  let unregistered: number;
  let productId: number;
  const today = kolkataDate(new Date());

  const invoices: InvoiceSpec[] = [
    { date: '2025-03-31', status: 'issued', b2b: true, lines: [{ taxable: 1000000, rate: 18, intra: true }], paid: 'paid' },
    { date: '2025-04-01', status: 'issued', b2b: true, lines: [{ taxable: 500000, rate: 12, intra: false }], paid: { partial: 200000 } },
    { date: '2025-06-15', status: 'draft', b2b: false, lines: [{ taxable: 700000, rate: 18, intra: true }] },
    { date: '2025-07-20', status: 'cancelled', b2b: true, lines: [{ taxable: 300000, rate: 18, intra: true }] },
    {
      date: '2025-09-10',
      status: 'archived',
      b2b: false,
      lines: [
        { taxable: 123456, rate: 18, intra: true },
        { taxable: 99999, rate: 5, intra: true },
      ],
      paid: 'paid',
    },
    { date: '2025-11-05', status: 'issued', b2b: false, lines: [{ taxable: 100000, rate: 18, intra: true, inventory: 'product', quantity: 4 }] },
    { date: '2026-03-31', status: 'issued', b2b: false, lines: [{ taxable: 2000000, rate: 28, intra: false }], tds: 40000 },
    { date: '2026-04-01', status: 'issued', b2b: true, lines: [{ taxable: 150000, rate: 18, intra: true, inventory: 'product', quantity: 2 }] },
    { date: daysBefore(today, 10), status: 'issued', b2b: false, lines: [{ taxable: 80000, rate: 18, intra: true }], due: daysBefore(today, 1) },
    { date: daysBefore(today, 45), status: 'issued', b2b: true, lines: [{ taxable: 60000, rate: 12, intra: false }], paid: { partial: 10000 }, due: today },
  ];
  const creditNotes = [
    { date: '2025-05-05', status: 'issued', amount: 59000 },
    { date: '2026-03-31', status: 'draft', amount: 100000 },
    { date: '2026-03-31', status: 'archived', amount: 11800 },
    { date: '2026-04-01', status: 'issued', amount: 20000 },
  ];
  const proformas = [
    { date: '2025-08-01', status: 'pending', taxable: 100000 },
    { date: '2025-09-01', status: 'approved', taxable: 200000 },
    { date: '2025-03-01', status: 'rejected', taxable: 50000 },
  ];
  const expenses = [
    { date: '2025-04-01', amount: 150050, status: 'paid', tds: 15005 },
    { date: '2026-03-31', amount: 25025, status: 'cancelled', tds: 2500 },
    { date: '2025-03-31', amount: 99900, status: 'paid' },
    { date: '2026-01-15', amount: 12345, status: 'pending' },
  ];

  const lineBody = (l: LineSpec) => {
    const tx = lineTax(l);
    const quantity = l.quantity ?? 1;
    return {
      item_description: `Line at ${l.rate}%`,
      hsn_code: '9983',
      quantity,
      rate: rupees(l.taxable) / quantity,
      tax_rate: l.rate,
      cgst_amount: rupees(tx.cgst),
      sgst_amount: rupees(tx.sgst),
      igst_amount: rupees(tx.igst),
      total_amount: rupees(lineTotal(l)),
      ...(l.inventory ? { inventory_id: productId } : {}),
    };
  };

  async function seed(account: TestAccount, reg: number, unreg: number) {
    for (const s of invoices) {
      const paid = s.paid === 'paid' ? { payment_status: 'paid' } : s.paid ? { payment_status: 'partial', paid_amount: rupees(s.paid.partial) } : {};
      await t.http
        .post('/v1/invoices')
        .set(account.auth)
        .send({
          client_id: s.b2b ? reg : unreg,
          invoice_date: s.date,
          payment_due_date: s.due ?? s.date,
          status: s.status,
          ...paid,
          ...(s.tds ? { tds_rate: 2, tds_amount: rupees(s.tds) } : {}),
          items: s.lines.map(lineBody),
        })
        .expect(201);
    }
    for (const c of creditNotes) {
      await t.http
        .post('/v1/credit-notes')
        .set(account.auth)
        .send({
          client_id: reg,
          credit_note_date: c.date,
          status: c.status,
          items: [{ description: 'Return', expense_date: c.date, amount: rupees(c.amount) }],
        })
        .expect(200);
    }
    for (const p of proformas) {
      const l: LineSpec = { taxable: p.taxable, rate: 18, intra: true };
      await t.http
        .post('/v1/proforma-invoices')
        .set(account.auth)
        .send({ client_id: reg, proforma_date: p.date, approval_status: p.status, items: [lineBody(l)] })
        .expect(200);
    }
    for (const e of expenses) {
      await t.http
        .post('/v1/expenses')
        .set(account.auth)
        .send({
          expense_description: 'Spend',
          expense_amount: rupees(e.amount),
          expense_date: e.date,
          expense_status: e.status,
          ...('tds' in e ? { tds_amount: rupees(e.tds as number) } : {}),
        })
        .expect(201);
    }
  }

  beforeAll(async () => {
    t = await startApp('analytics');
    a = await t.createAccount();
    b = await t.createAccount();
    fresh = await t.createAccount();
    const client = async (who: TestAccount, name: string, gstin?: string) =>
      (
        await t.http
          .post('/v1/clients')
          .set(who.auth)
          .send({
            name,
            phone: String(9100000000 + who.accountId * 10 + (gstin ? 1 : 2)),
            email: `${name.replace(/\W/g, '')}${who.accountId}@example.com`,
            gstin,
          })
          .expect(201)
      ).body.data.client.client_id as number;
    registered = await client(a, 'Registered Buyer', '29AAACH7409R1ZX');
    unregistered = await client(a, 'Walk-in Buyer');
    productId = (await t.http.post('/v1/inventory').set(a.auth).send({ name: 'Copper wire', rate: 250, quantity: 100, type: 'product' }).expect(201)).body.data
      .inventory_id;
    await t.http.post('/v1/inventory').set(a.auth).send({ name: 'Installation', rate: 1800, type: 'service' }).expect(201);
    await seed(a, registered, unregistered);
    // Another account with documents of its own: never counted for A.
    const bReg = await client(b, 'B Buyer', '32AADCK5978M1Z0');
    await t.http
      .post('/v1/invoices')
      .set(b.auth)
      .send({ client_id: bReg, invoice_date: '2025-06-01', payment_due_date: '2025-06-01', items: [lineBody({ taxable: 999900, rate: 18, intra: true })] })
      .expect(201);
    await t.http.post('/v1/expenses').set(b.auth).send({ expense_description: 'B', expense_amount: 777, expense_date: '2025-06-01' }).expect(201);
  });
  afterAll(() => t.close());

  const full = async (who: TestAccount, fy?: number) =>
    (
      await t.http
        .get(`/v1/analytics/full${fy === undefined ? '' : `?fy_start_year=${fy}`}`)
        .set(who.auth)
        .expect(200)
    ).body.data;
  const summary = async (who: TestAccount, fy?: number) =>
    (
      await t.http
        .get(`/v1/analytics/summary${fy === undefined ? '' : `?fy_start_year=${fy}`}`)
        .set(who.auth)
        .expect(200)
    ).body.data;

  /** What the answer must be, computed from the specs above. */
  function expected(fy: number | null) {
    const within = inFy(fy);
    const inv = invoices.filter((s) => within(s.date));
    const rev = inv.filter((s) => counted(s.status));
    const cn = creditNotes.filter((c) => within(c.date) && counted(c.status));
    const invoiced = sum(rev, invoiceTotal);
    const credited = sum(cn, (c) => c.amount);
    const outstandingOf = (s: InvoiceSpec) => (s.paid === 'paid' ? 0 : invoiceTotal(s) - (s.tds ?? 0) - (s.paid ? s.paid.partial : 0));
    const unpaid = rev.filter((s) => s.paid !== 'paid');
    const age = (s: InvoiceSpec) => (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${s.date}T00:00:00Z`)) / 86400000;
    const bucketOf = (s: InvoiceSpec) => (age(s) <= 30 ? '0_30' : age(s) <= 60 ? '31_60' : age(s) <= 90 ? '61_90' : '90_plus');
    const lines = rev.flatMap((s) => s.lines.map((l) => ({ ...l, b2b: s.b2b, month: s.date.slice(0, 7) })));
    const taxOf = (ls: typeof lines) => ({
      taxable_value: rupees(sum(ls, (l) => l.taxable)),
      cgst: rupees(sum(ls, (l) => lineTax(l).cgst)),
      sgst: rupees(sum(ls, (l) => lineTax(l).sgst)),
      igst: rupees(sum(ls, (l) => lineTax(l).igst)),
      total_tax: rupees(sum(ls, (l) => lineTax(l).cgst + lineTax(l).sgst + lineTax(l).igst)),
      cess: 0,
    });
    const rates = [...new Set(lines.map((l) => l.rate))].sort((x, y) => x - y);
    const months = [...new Set(lines.map((l) => l.month))].sort();
    const pf = proformas.filter((p) => within(p.date));
    const pfTotal = (p: (typeof proformas)[number]) => lineTotal({ taxable: p.taxable, rate: 18, intra: true });
    const exp = expenses.filter((e) => within(e.date) && e.status !== 'cancelled');
    const sold = rev.flatMap((s) => s.lines.filter((l) => l.inventory));
    return {
      summary: { total_invoices: rev.length, total_revenue: rupees(invoiced - credited), outstanding: rupees(sum(unpaid, outstandingOf)) },
      invoices: {
        total: rev.length,
        invoiced_amount: rupees(invoiced),
        revenue: rupees(invoiced - credited),
        by_status: Object.fromEntries(
          ['draft', 'issued', 'cancelled', 'archived'].map((st) => {
            const xs = inv.filter((s) => s.status === st);
            return [st, { count: xs.length, amount: rupees(sum(xs, invoiceTotal)) }];
          }),
        ),
      },
      receivables: {
        outstanding: rupees(sum(unpaid, outstandingOf)),
        outstanding_invoices: unpaid.length,
        overdue: rupees(
          sum(
            unpaid.filter((s) => (s.due ?? s.date) < today),
            outstandingOf,
          ),
        ),
        overdue_invoices: unpaid.filter((s) => (s.due ?? s.date) < today).length,
        by_age: Object.fromEntries(
          ['0_30', '31_60', '61_90', '90_plus'].map((k) => {
            const xs = unpaid.filter((s) => bucketOf(s) === k);
            return [k, { count: xs.length, amount: rupees(sum(xs, outstandingOf)) }];
          }),
        ),
      },
      credit_notes: { total: cn.length, amount: rupees(credited) },
      proforma_invoices: {
        total: pf.length,
        amount: rupees(sum(pf, pfTotal)),
        by_approval_status: Object.fromEntries(
          ['pending', 'approved', 'rejected'].map((st) => {
            const xs = pf.filter((p) => p.status === st);
            return [st, { count: xs.length, amount: rupees(sum(xs, pfTotal)) }];
          }),
        ),
      },
      expenses: { total: rupees(sum(exp, (e) => e.amount)), count: exp.length },
      tds: {
        receivable: { amount: rupees(sum(rev, (s) => s.tds ?? 0)) },
        payable: { amount: rupees(sum(exp, (e) => e.tds ?? 0)), deposited: 0, pending: rupees(sum(exp, (e) => e.tds ?? 0)) },
      },
      gst: {
        ...taxOf(lines),
        by_rate: rates.map((rate) => ({ rate, ...taxOf(lines.filter((l) => l.rate === rate)) })),
        by_month: months.map((month) => ({ month, ...taxOf(lines.filter((l) => l.month === month)) })),
        b2b: taxOf(lines.filter((l) => l.b2b)),
        b2c: taxOf(lines.filter((l) => !l.b2b)),
      },
      units_sold: sum(sold, (l) => l.quantity ?? 0),
      monthly: (month: string) => ({
        invoiced: rupees(
          sum(
            rev.filter((s) => s.date.startsWith(month)),
            invoiceTotal,
          ),
        ),
        credit_notes: rupees(
          sum(
            cn.filter((c) => c.date.startsWith(month)),
            (c) => c.amount,
          ),
        ),
      }),
    };
  }

  it.each([[2024], [2025], [2026], [null]])('full analytics of FY %s equal the independent sums', async (fy) => {
    const got = await full(a, fy ?? undefined);
    const want = expected(fy);
    expect(got.fy_start_year).toBe(fy);
    expect(got.invoices).toEqual(want.invoices);
    expect(got.receivables).toEqual(want.receivables);
    expect(got.credit_notes).toMatchObject(want.credit_notes);
    expect(got.proforma_invoices).toEqual(want.proforma_invoices);
    expect(got.expenses).toEqual(want.expenses);
    expect(got.tds).toEqual(want.tds);
    expect(got.gst).toEqual(want.gst);
    expect(got.inventory).toEqual({
      enabled: true,
      summary: { items: 2, products: 1, services: 1, stock_value: rupees((100 - 4 - 2) * 25000), units_sold_fy: want.units_sold },
      top_sold_products: want.units_sold
        ? [{ inventory_id: productId, name: 'Copper wire', units_sold: want.units_sold, taxable_value: expect.any(Number) }]
        : [],
    });
    for (const m of got.monthly_revenue) {
      const w = want.monthly(m.month);
      expect(m).toEqual({
        month: m.month,
        invoiced: w.invoiced,
        credit_notes: w.credit_notes,
        revenue: rupees(Math.round(w.invoiced * 100 - w.credit_notes * 100)),
      });
    }
    if (fy !== null) expect(got.monthly_revenue.map((m: { month: string }) => m.month)[0]).toBe(`${fy}-04`);
    if (fy !== null) expect(got.monthly_revenue).toHaveLength(12);
    expect(sum(got.monthly_revenue, (m: { revenue: number }) => Math.round(m.revenue * 100))).toBe(Math.round(want.invoices.revenue * 100));
  });

  it('summary: count and revenue per FY and all time; boundary days fall in their own year', async () => {
    // `received` follows the payments' dates (tested in analytics-receipts); all time it is every payment status's payment.
    for (const fy of [2024, 2025, 2026]) expect(await summary(a, fy)).toEqual({ ...expected(fy).summary, received: expect.any(Number), fy_start_year: fy });
    const paidOf = (s: InvoiceSpec) => (s.paid === 'paid' ? invoiceTotal(s) - (s.tds ?? 0) : s.paid ? s.paid.partial : 0);
    expect(await summary(a)).toEqual({ ...expected(null).summary, received: rupees(sum(invoices, paidOf)) });
    // 31 March 2025 belongs to FY 2024, 1 April 2025 to FY 2025.
    expect((await summary(a, 2024)).total_invoices).toBe(1);
    expect((await full(a, 2025)).gst.by_month[0].month).toBe('2025-04');
  });

  it('a fresh account answers zeros, and another account is never counted', async () => {
    expect(await summary(fresh)).toEqual({ total_invoices: 0, total_revenue: 0, received: 0, outstanding: 0 });
    const empty = await full(fresh, 2025);
    expect(empty.invoices.total).toBe(0);
    expect(empty.invoices.revenue).toBe(0);
    expect(empty.expenses).toEqual({ total: 0, count: 0 });
    expect(empty.receivables.outstanding).toBe(0);
    expect(empty.gst).toMatchObject({ taxable_value: 0, cgst: 0, sgst: 0, igst: 0, by_rate: [], by_month: [] });
    expect(empty.inventory.summary).toEqual({ items: 0, products: 0, services: 0, stock_value: 0, units_sold_fy: 0 });
    expect(empty.monthly_revenue.every((m: { revenue: number }) => m.revenue === 0)).toBe(true);
    const other = await summary(b, 2025);
    expect(other.total_invoices).toBe(1);
    expect(other.total_revenue).toBe(rupees(lineTotal({ taxable: 999900, rate: 18, intra: true })));
  });

  it('validates fy_start_year and needs the analytics permission', async () => {
    const bad = await t.http.get('/v1/analytics/full?fy_start_year=abc').set(a.auth).expect(400);
    expect(bad.body.error.details).toHaveProperty('fy_start_year');
    await t.http.get('/v1/analytics/summary').expect(401);
  });
});
