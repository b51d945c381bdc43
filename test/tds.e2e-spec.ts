// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (data: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';

interface Section {
  section_id: number;
  code: string;
  description: string;
  effective_from: string | null;
  effective_to: string | null;
  shared: boolean;
}

const paise = (n: number) => Math.round(n * 100);

describe('tds', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let sections: Section[];
  const find = (code: string, description: RegExp, on: string) =>
    sections.find(
      (s) => s.code === code && description.test(s.description) && (!s.effective_from || s.effective_from <= on) && (!s.effective_to || on <= s.effective_to),
    )!;

  beforeAll(async () => {
    t = await startApp('tds');
    a = await t.createAccount({ name: 'Shakti Electricals', gstin: '29AAACH7409R1ZX' });
    b = await t.createAccount();
    sections = (await t.http.get('/v1/tds/sections').set(a.auth).expect(200)).body.data.sections;
  });
  afterAll(() => t.close());

  const calculate = (body: object) => t.http.post('/v1/tds/calculate').set(a.auth).send(body);

  it('seeds the shared sections with their sources and 2025 Act references', () => {
    const codes = sections.map((s) => s.code);
    for (const code of ['194C', '194J', '194H', '194I', '194Q']) expect(codes).toContain(code);
    expect(sections.every((s) => s.shared)).toBe(true);
    expect(find('194J', /technical/, '2025-06-01')).toMatchObject({ rate_individual: 2, rate_other: 2, yearly_threshold: 50000, no_pan_rate: 20 });
    expect(find('194J', /professional/, '2025-06-01')).toMatchObject({
      rate_individual: 10,
      yearly_threshold: 50000,
      act_2025_section: '393(1) Table Sl. No. 6(iii)',
    });
    expect(find('194J', /professional/, '2025-03-01')).toMatchObject({ yearly_threshold: 30000, effective_to: '2025-03-31' });
    expect(find('194I', /plant/, '2025-06-01')).toMatchObject({ rate_other: 2, single_threshold: 50000 });
    expect(find('194I', /land/, '2025-06-01')).toMatchObject({ rate_other: 10 });
    expect(find('194H', /Commission/, '2024-09-30')).toMatchObject({ rate_other: 5 });
    expect(find('194H', /Commission/, '2024-10-01')).toMatchObject({ rate_other: 2 });
    expect(find('194Q', /goods/, '2025-06-01')).toMatchObject({ rate_other: 0.1, no_pan_rate: 5, threshold_mode: 'excess', yearly_threshold: 5000000 });
    expect(find('194C', /contractors/, '2026-05-01')).toMatchObject({ rate_individual: 1, rate_other: 2, single_threshold: 30000, yearly_threshold: 100000 });
    expect(sections.every((s) => typeof (s as unknown as { source: string }).source === 'string')).toBe(true);
  });

  it('calculates the GST-RULES table through the API', async () => {
    const c = find('194C', /contractors/, '2025-06-01').section_id;
    const cases: Array<[object, number, string]> = [
      [{ base_amount: 30000, section_id: c, payee_type: 'company', has_pan: true }, 0, 'below_threshold'],
      [{ base_amount: 30000.01, section_id: c, payee_type: 'company', has_pan: true }, 600, 'single_payment'],
      [{ base_amount: 45678.9, section_id: c, payee_type: 'individual', has_pan: true }, 456.79, 'single_payment'],
      [{ base_amount: 25000.5, section_id: c, payee_type: 'huf', has_pan: true, ytd_amount: 75000 }, 1000.01, 'yearly'],
      [{ base_amount: 40000, section_id: c, payee_type: 'individual', has_pan: false }, 8000, 'single_payment'],
      [
        {
          base_amount: 50000.01,
          section_id: find('194J', /professional/, '2025-06-01').section_id,
          payee_type: 'firm',
          has_pan: true,
          payment_date: '2025-06-01',
        },
        5000,
        'yearly',
      ],
      [
        {
          base_amount: 30000.01,
          section_id: find('194J', /technical/, '2025-01-01').section_id,
          payee_type: 'firm',
          has_pan: true,
          payment_date: '2025-01-10',
        },
        600,
        'yearly',
      ],
      [
        { base_amount: 60000, section_id: find('194I', /land/, '2025-06-01').section_id, payee_type: 'individual', has_pan: true, payment_date: '2025-06-01' },
        6000,
        'single_payment',
      ],
      [
        {
          base_amount: 1000000,
          section_id: find('194Q', /goods/, '2025-06-01').section_id,
          payee_type: 'company',
          has_pan: true,
          ytd_amount: 4500000,
          payment_date: '2025-06-01',
        },
        500,
        'yearly_excess',
      ],
      [
        {
          base_amount: 20000,
          section_id: find('194H', /Commission/, '2024-09-01').section_id,
          payee_type: 'individual',
          has_pan: true,
          payment_date: '2024-09-01',
          ytd_amount: 0,
        },
        1000,
        'yearly',
      ],
    ];
    for (const [body, tds, threshold] of cases) {
      const res = await calculate(body).expect(200);
      expect({ body, tds: res.body.data.tds_amount, threshold: res.body.data.threshold_applied }).toEqual({ body, tds, threshold });
      expect(res.body.data.reason).toEqual(expect.any(String));
    }
  });

  it('refuses a section with no row in force on the payment date, and bad input', async () => {
    const technical = find('194J', /technical/, '2025-06-01').section_id;
    const res = await calculate({ base_amount: 50000, section_id: technical, payee_type: 'individual', has_pan: true, payment_date: '2020-03-31' }).expect(400);
    expect(res.body.error.details).toHaveProperty('section_id');
    const bad = await calculate({ base_amount: -1, section_id: 'x', payee_type: 'alien', has_pan: 'yes' }).expect(400);
    expect(Object.keys(bad.body.error.details).sort()).toEqual(['base_amount', 'has_pan', 'payee_type', 'section_id']);
    await calculate({ base_amount: 1, section_id: 999999, payee_type: 'individual', has_pan: true }).expect(404);
  });

  it('maps every 1961-Act section to its 2025-Act row: the 1961 rows end on 2026-03-31, the 2025 rows start on 2026-04-01', () => {
    const kinds = [...new Set(sections.map((s) => `${s.code}|${s.description}`))];
    expect(kinds).toHaveLength(7);
    // [code, code for payees other than individuals and HUFs]
    const codes: Record<string, [string, string | null]> = {
      '194C|Payments to contractors and sub-contractors': ['1023', '1024'],
      '194J|Fees for professional services': ['1027', null],
      '194J|Fees for technical services': ['1026', null],
      '194H|Commission or brokerage': ['1006', null],
      '194I|Rent of plant, machinery or equipment': ['1008', null],
      '194I|Rent of land, building or furniture': ['1009', null],
      '194Q|Purchase of goods (buyer with turnover above 10 crore)': ['1031', null],
    };
    for (const kind of kinds) {
      const [code, description] = kind.split('|');
      const rows = sections.filter((s) => s.code === code && s.description === description) as Array<Section & Record<string, unknown>>;
      const old = rows.filter((r) => r.act === '1961');
      const now = rows.filter((r) => r.act === '2025');
      expect({ kind, last1961: old[old.length - 1].effective_to }).toEqual({ kind, last1961: '2026-03-31' });
      expect(now).toHaveLength(1);
      expect(now[0]).toMatchObject({
        effective_from: '2026-04-01',
        effective_to: null,
        act_2025_payment_code: codes[kind][0],
        act_2025_payment_code_other: codes[kind][1],
      });
      for (const r of old) expect([kind, r.act_2025_payment_code, r.act_2025_payment_code_other]).toEqual([kind, ...codes[kind]]);
      expect(now[0].act_2025_section).toMatch(/^393\(1\) Table Sl\. No\. \d/);
      for (const r of old) expect({ kind, section: r.act_2025_section }).toEqual({ kind, section: now[0].act_2025_section });
      const last = old[old.length - 1];
      for (const k of ['rate_individual', 'rate_other', 'no_pan_rate', 'single_threshold', 'yearly_threshold', 'threshold_mode'])
        expect([kind, k, now[0][k]]).toEqual([kind, k, last[k]]);
    }
  });

  it('calculates with a base and a section alone: PAN assumed, the higher rate, or the deductee PAN’s type', async () => {
    const c = find('194C', /contractors/, '2025-06-01').section_id;
    const alone = await calculate({ base_amount: 50000, section_id: c, payment_date: '2025-06-01' }).expect(200);
    expect(alone.body.data).toMatchObject({ tds_amount: 1000, rate: 2, rate_basis: 'higher_rate', payee_type: null, has_pan: true, act: '1961' });
    const person = await calculate({ base_amount: 50000, section_id: c, payment_date: '2025-06-01', deductee_pan: 'abcpe1234f' }).expect(200);
    expect(person.body.data).toMatchObject({ tds_amount: 500, rate: 1, rate_basis: 'deductee_pan', payee_type: 'individual' });
    const given = await calculate({ base_amount: 50000, section_id: c, payment_date: '2025-06-01', deductee_pan: 'ABCPE1234F', payee_type: 'company' }).expect(
      200,
    );
    expect(given.body.data).toMatchObject({ tds_amount: 1000, rate_basis: 'payee_type', payee_type: 'company' });
    const noPan = await calculate({ base_amount: 50000, section_id: c, payment_date: '2025-06-01', has_pan: false }).expect(200);
    expect(noPan.body.data).toMatchObject({ tds_amount: 10000, rate: 20, has_pan: false });
    const today = await calculate({ base_amount: 50000, section_id: c }).expect(200);
    expect(today.body.data.tds_amount).toBe(1000);
    const bad = await calculate({ base_amount: 1, section_id: c, deductee_pan: 'ABC' }).expect(400);
    expect(Object.keys(bad.body.error.details)).toEqual(['deductee_pan']);
  });

  it('table: every section under each Act, at its thresholds and on each side of 1 April 2026', async () => {
    type Case = [code: string, description: RegExp, payee: string, base: number, ytd: number, tds: number, threshold: string];
    const cases: Case[] = [
      ['194C', /contractors/, 'individual', 30000, 0, 0, 'below_threshold'],
      ['194C', /contractors/, 'individual', 30000.01, 0, 300, 'single_payment'],
      ['194C', /contractors/, 'company', 30000.01, 0, 600, 'single_payment'],
      ['194C', /contractors/, 'company', 20000, 80000, 0, 'below_threshold'],
      ['194C', /contractors/, 'company', 20000.01, 80000, 2000, 'yearly'],
      ['194J', /professional/, 'firm', 50000, 0, 0, 'below_threshold'],
      ['194J', /professional/, 'firm', 50000.01, 0, 5000, 'yearly'],
      ['194J', /technical/, 'company', 50000, 0, 0, 'below_threshold'],
      ['194J', /technical/, 'company', 50000.01, 0, 1000, 'yearly'],
      ['194H', /Commission/, 'individual', 20000, 0, 0, 'below_threshold'],
      ['194H', /Commission/, 'individual', 20000.01, 0, 400, 'yearly'],
      ['194I', /plant/, 'company', 50000, 0, 0, 'below_threshold'],
      ['194I', /plant/, 'company', 50000.01, 0, 1000, 'single_payment'],
      ['194I', /land/, 'individual', 50000, 0, 0, 'below_threshold'],
      ['194I', /land/, 'individual', 50000.01, 0, 5000, 'single_payment'],
      ['194Q', /goods/, 'company', 100000, 4900000, 0, 'below_threshold'],
      ['194Q', /goods/, 'company', 100000, 4950000, 50, 'yearly_excess'],
    ];
    for (const [act, date] of [
      ['1961', '2026-03-31'],
      ['2025', '2026-04-01'],
    ]) {
      for (const [code, description, payee, base, ytd, tds, threshold] of cases) {
        // Name the row of the other Act: the one in force on the date is chosen.
        const named = find(code, description, act === '1961' ? '2026-04-01' : '2026-03-31');
        const res = await calculate({ base_amount: base, section_id: named.section_id, payee_type: payee, ytd_amount: ytd, payment_date: date }).expect(200);
        const d = res.body.data;
        const chosen = find(code, description, date);
        expect({ code, base, date, tds: d.tds_amount, threshold: d.threshold_applied, act: d.act, id: d.section_id }).toEqual({
          code,
          base,
          date,
          tds,
          threshold,
          act,
          id: chosen.section_id,
        });
        expect(d.act_2025_section).toBe(act === '2025' ? (chosen as unknown as Record<string, unknown>).act_2025_section : null);
      }
    }
    // Rows that changed before the new Act: the date picks the figures in force.
    const h = find('194H', /Commission/, '2025-06-01').section_id;
    const before = await calculate({ base_amount: 16000, section_id: h, payee_type: 'individual', payment_date: '2024-09-30' }).expect(200);
    expect(before.body.data).toMatchObject({ tds_amount: 800, rate: 5, threshold_applied: 'yearly' });
  });

  it('table: the earlier 1961-Act rows at their own thresholds, on each side of the day their figures changed', async () => {
    type Case = [code: string, description: RegExp, date: string, payee: string, base: number, ytd: number, tds: number, threshold: string];
    const cases: Case[] = [
      // 194J: 30,000 a year until 2025-03-31, 50,000 from 2025-04-01 (Finance Act 2025).
      ['194J', /professional/, '2025-03-31', 'firm', 30000, 0, 0, 'below_threshold'],
      ['194J', /professional/, '2025-03-31', 'firm', 30000.01, 0, 3000, 'yearly'],
      ['194J', /professional/, '2025-04-01', 'firm', 30000.01, 0, 0, 'below_threshold'],
      ['194J', /technical/, '2025-03-31', 'company', 30000, 0, 0, 'below_threshold'],
      ['194J', /technical/, '2025-03-31', 'company', 30000.01, 0, 600, 'yearly'],
      ['194J', /technical/, '2025-04-01', 'company', 30000.01, 0, 0, 'below_threshold'],
      // 194H: 5% to 2024-09-30, 2% from 2024-10-01; 15,000 a year to 2025-03-31, 20,000 from 2025-04-01.
      ['194H', /Commission/, '2024-09-30', 'individual', 15000, 0, 0, 'below_threshold'],
      ['194H', /Commission/, '2024-09-30', 'individual', 15000.01, 0, 750, 'yearly'],
      ['194H', /Commission/, '2024-10-01', 'individual', 15000.01, 0, 300, 'yearly'],
      ['194H', /Commission/, '2025-03-31', 'individual', 15000.01, 0, 300, 'yearly'],
      ['194H', /Commission/, '2025-04-01', 'individual', 15000.01, 0, 0, 'below_threshold'],
      // 194I: 2,40,000 a year to 2025-03-31, 50,000 a month (a payment) from 2025-04-01.
      ['194I', /plant/, '2025-03-31', 'company', 50000.01, 0, 0, 'below_threshold'],
      ['194I', /plant/, '2025-03-31', 'company', 40000, 200000, 0, 'below_threshold'],
      ['194I', /plant/, '2025-03-31', 'company', 40000.01, 200000, 4800, 'yearly'],
      ['194I', /plant/, '2025-04-01', 'company', 50000.01, 0, 1000, 'single_payment'],
      ['194I', /land/, '2025-03-31', 'individual', 240000, 0, 0, 'below_threshold'],
      ['194I', /land/, '2025-03-31', 'individual', 240000.01, 0, 24000, 'yearly'],
      ['194I', /land/, '2025-04-01', 'individual', 50000.01, 0, 5000, 'single_payment'],
      // 194Q from its first day (2021-07-01): the part above 50 lakh; before it there is no row.
      ['194Q', /goods/, '2021-07-01', 'company', 100000, 4950000, 50, 'yearly_excess'],
    ];
    for (const [code, description, date, payee, base, ytd, tds, threshold] of cases) {
      const named = find(code, description, '2026-04-01');
      const res = await calculate({ base_amount: base, section_id: named.section_id, payee_type: payee, ytd_amount: ytd, payment_date: date }).expect(200);
      const chosen = find(code, description, date);
      expect({
        code,
        date,
        base,
        ytd,
        tds: res.body.data.tds_amount,
        threshold: res.body.data.threshold_applied,
        act: res.body.data.act,
        id: res.body.data.section_id,
      }).toEqual({
        code,
        date,
        base,
        ytd,
        tds,
        threshold,
        act: '1961',
        id: chosen.section_id,
      });
    }
    const q = find('194Q', /goods/, '2026-04-01').section_id;
    expect(
      (await calculate({ base_amount: 100000, section_id: q, ytd_amount: 4950000, payment_date: '2021-06-30' }).expect(400)).body.error.details,
    ).toHaveProperty('section_id');
  });

  it('every shared section answers 200 to a base and a section alone, and names its Act, row and payment code', async () => {
    for (const s of sections) {
      const res = await calculate({ base_amount: 100000, section_id: s.section_id });
      expect([s.code, s.description, res.status]).toEqual([s.code, s.description, 200]);
      const d = res.body.data;
      expect(d).toMatchObject({ section_code: s.code, has_pan: true, payee_type: null, rate_basis: 'higher_rate' });
      // The row in force today answers, with its payment code when the payment falls under the 2025 Act.
      const row = sections.find((x) => x.section_id === d.section_id) as unknown as Record<string, unknown>;
      expect([s.code, row.code, row.description, d.act]).toEqual([s.code, s.code, s.description, row.act]);
      // No payee type: the higher rate, the others' rate, and so the others' code where the section has one.
      expect(d.act_2025_payment_code).toBe(d.payment_date >= '2026-04-01' ? (row.act_2025_payment_code_other ?? row.act_2025_payment_code) : null);
    }
  });

  it('takes the payment code of the payee: contractors 1023 for an individual or HUF, 1024 for others; 194Q one code', async () => {
    const contractors = find('194C', /contractors/, '2026-04-01').section_id;
    const goods = find('194Q', /goods/, '2026-04-01').section_id;
    const code = async (body: object) => (await calculate({ base_amount: 40000, payment_date: '2026-04-01', ...body }).expect(200)).body.data;
    expect(await code({ section_id: contractors, payee_type: 'huf' })).toMatchObject({ act: '2025', act_2025_payment_code: '1023', rate: 1 });
    expect(await code({ section_id: contractors, deductee_pan: 'ABCPE1234F' })).toMatchObject({ act_2025_payment_code: '1023', rate_basis: 'deductee_pan' });
    expect(await code({ section_id: contractors, payee_type: 'firm' })).toMatchObject({ act_2025_payment_code: '1024', rate: 2 });
    expect(await code({ section_id: contractors, payment_date: '2026-03-31', payee_type: 'firm' })).toMatchObject({ act: '1961', act_2025_payment_code: null });
    expect(await code({ section_id: goods, payee_type: 'company', ytd_amount: 5000000 })).toMatchObject({ act_2025_payment_code: '1031', tds_amount: 40 });
  });

  it('an account’s own sections: CRUD, private to it; shared sections are read-only', async () => {
    const created = await t.http
      .post('/v1/tds/sections')
      .set(a.auth)
      .send({ code: '194t', description: 'Payments to partners', rate_individual: 10, yearly_threshold: 20000, effective_from: '2025-04-01' })
      .expect(200);
    const own = created.body.data.section;
    expect(own).toMatchObject({ code: '194T', rate_individual: 10, rate_other: 10, no_pan_rate: 20, shared: false });
    const patched = await t.http.patch(`/v1/tds/sections/${own.section_id}`).set(a.auth).send({ rate_other: 12.5 }).expect(200);
    expect(patched.body.data.section).toMatchObject({ rate_individual: 10, rate_other: 12.5 });
    await t.http.get(`/v1/tds/sections/${own.section_id}`).set(b.auth).expect(404);
    expect((await t.http.get('/v1/tds/sections').set(b.auth).expect(200)).body.data.sections.some((s: Section) => s.section_id === own.section_id)).toBe(false);
    await t.http.patch(`/v1/tds/sections/${sections[0].section_id}`).set(a.auth).send({ rate_other: 50 }).expect(400);
    const invalid = await t.http
      .post('/v1/tds/sections')
      .set(a.auth)
      .send({ code: '194X', description: 'x', rate_individual: 101, effective_from: '2025-13-01' })
      .expect(400);
    expect(invalid.body.error.details).toHaveProperty('rate_individual');
    // Rules only the domain knows answer by the API's field names too.
    const excess = await t.http
      .post('/v1/tds/sections')
      .set(a.auth)
      .send({ code: '194X', description: 'x', rate_individual: 1, threshold_mode: 'excess', effective_from: '2025-04-01', effective_to: '2025-01-01' })
      .expect(400);
    expect(Object.keys(excess.body.error.details).sort()).toEqual(['effective_to', 'yearly_threshold']);
    await t.http.delete(`/v1/tds/sections/${own.section_id}`).set(a.auth).expect(200);
    await t.http.get(`/v1/tds/sections/${own.section_id}`).set(a.auth).expect(404);
  });

  describe('deductions, deposits, reports and certificates', () => {
    const VENDOR_PAN = 'AAPFU0939F';
    let payable: Array<{ id: number; date: string; amount: number; tds: number; section: number }>;
    let invoiceId: number;

    beforeAll(async () => {
      const j = find('194J', /professional/, '2025-06-01').section_id;
      const c = find('194C', /contractors/, '2025-06-01').section_id;
      const specs = [
        { date: '2025-04-15', amount: 60000, tds: 6000, section: j, pan: VENDOR_PAN },
        { date: '2025-05-31', amount: 35000.5, tds: 700.01, section: c, pan: VENDOR_PAN },
        { date: '2025-07-01', amount: 80000, tds: 8000, section: j, pan: VENDOR_PAN },
        { date: '2026-03-31', amount: 12345.67, tds: 123.46, section: c, pan: 'ABCDE1234F' },
      ];
      payable = [];
      for (const s of specs) {
        const res = await t.http
          .post('/v1/expenses')
          .set(a.auth)
          .send({
            expense_description: 'Consulting',
            expense_amount: s.amount,
            expense_date: s.date,
            vendor_name: s.pan === VENDOR_PAN ? 'Patil & Co' : 'Other Vendor',
            vendor_pan: s.pan.toLowerCase(),
            payee_type: 'firm',
            tds_section_id: s.section,
            tds_rate: s.section === j ? 10 : 2,
            tds_amount: s.tds,
          })
          .expect(201);
        payable.push({ id: res.body.data.expense_id, date: s.date, amount: s.amount, tds: s.tds, section: s.section });
      }
      const client = await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({ name: 'Kaveri Hotels', phone: '9876500011', email: 'k@example.com', gstin: '27AAPFU0939F1ZV' })
        .expect(201);
      invoiceId = (
        await t.http
          .post('/v1/invoices')
          .set(a.auth)
          .send({
            client_id: client.body.data.client.client_id,
            invoice_date: '2025-08-10',
            payment_due_date: '2025-08-10',
            tds_section_id: j,
            tds_rate: 10,
            tds_amount: 1000,
            items: [
              { item_description: 'Design', quantity: 1, rate: 10000, tax_rate: 18, cgst_amount: 0, sgst_amount: 0, igst_amount: 1800, total_amount: 11800 },
            ],
          })
          .expect(201)
      ).body.data.invoice_id;
    });

    const deductions = async (query = '') => (await t.http.get(`/v1/tds/deductions${query}`).set(a.auth).expect(200)).body.data.deductions;

    it('lists payable deductions from expenses and receivable ones from invoices, by year and direction', async () => {
      const all = await deductions('?fy_start_year=2025');
      expect(all).toHaveLength(5);
      const receivable = await deductions('?fy_start_year=2025&direction=receivable');
      expect(receivable).toEqual([
        expect.objectContaining({
          deduction_id: invoiceId,
          direction: 'receivable',
          source_type: 'invoice',
          base_amount: 10000,
          tds_amount: 1000,
          party_pan: 'AAPFU0939F',
          status: 'deducted_by_client',
        }),
      ]);
      const pay = await deductions('?fy_start_year=2025&direction=payable');
      expect(pay.map((d: { deduction_id: number }) => d.deduction_id)).toEqual(payable.map((p) => p.id));
      expect(pay[0]).toMatchObject({ status: 'pending', due_date: '2025-05-07', party_pan: VENDOR_PAN, base_amount: 60000, tds_amount: 6000, quarter: 1 });
      expect(pay[3]).toMatchObject({ due_date: '2026-04-30', quarter: 4 });
      expect(await deductions('?fy_start_year=2024')).toEqual([]);
      expect((await t.http.get('/v1/tds/deductions').set(b.auth).expect(200)).body.data.deductions).toEqual([]);
      await t.http.get('/v1/tds/deductions?direction=sideways').set(a.auth).expect(400);
    });

    it('validates expense TDS fields', async () => {
      const bad = await t.http
        .post('/v1/expenses')
        .set(a.auth)
        .send({ expense_description: 'x', expense_amount: 100, tds_amount: 200, vendor_pan: 'NOTAPAN', payee_type: 'robot', tds_rate: 150 })
        .expect(400);
      expect(Object.keys(bad.body.error.details).sort()).toEqual(
        ['payee_type', 'tds_amount', 'tds_rate', 'vendor_pan'].filter((k) => k in bad.body.error.details).sort(),
      );
      expect(bad.body.error.details).toHaveProperty('payee_type');
      expect(bad.body.error.details).toHaveProperty('tds_rate');
      await t.http.post('/v1/expenses').set(a.auth).send({ expense_description: 'x', expense_amount: 100, tds_section_id: 999999 }).expect(404);
    });

    it('certificate refused before deposit; deposit, undo and reports', async () => {
      const certificate = (body: object) => t.http.post('/v1/tds/certificates').set(a.auth).send(body);
      const noTan = await certificate({ deductee: VENDOR_PAN, fy_start_year: 2025, quarter: 1 }).expect(400);
      expect(Object.keys(noTan.body.error.details)).toEqual(['tan']);
      const badTan = await certificate({ deductee: VENDOR_PAN, fy_start_year: 2025, quarter: 1, tan: 'AAPFU0939F', statement_receipt: '#' }).expect(400);
      expect(Object.keys(badTan.body.error.details).sort()).toEqual(['statement_receipt', 'tan']);
      const refused = await certificate({ deductee: VENDOR_PAN, fy_start_year: 2025, quarter: 1, tan: 'BLRS12345C' }).expect(400);
      expect(refused.body.error.code).toBe('validation_error');
      expect(refused.body.error.details.deductions).toContain(String(payable[0].id));

      const deposit = (id: number, body: object, who = a) => t.http.patch(`/v1/tds/deductions/${id}/deposit`).set(who.auth).send(body);
      const bad = await deposit(payable[0].id, { challan_number: '12', deposited_on: '2025-13-01', bsr_code: 'abc' }).expect(400);
      expect(Object.keys(bad.body.error.details).sort()).toEqual(['bsr_code', 'challan_number', 'deposited_on']);
      await deposit(payable[0].id, { challan_number: '00012', deposited_on: '2025-05-05', bsr_code: '0510032' }, b).expect(404);
      const plain = (await t.http.post('/v1/expenses').set(a.auth).send({ expense_description: 'Tea', expense_amount: 50 }).expect(201)).body.data.expense_id;
      await deposit(plain, { challan_number: '00012', deposited_on: '2025-05-05', bsr_code: '0510032' }).expect(404);
      const done = await deposit(payable[0].id, { challan_number: '00012', deposited_on: '2025-05-05', bsr_code: '0510032' }).expect(200);
      expect(done.body.data.deduction).toMatchObject({ status: 'deposited', challan_number: '00012', bsr_code: '0510032', deposited_on: '2025-05-05' });
      await deposit(payable[1].id, { challan_number: '00013', deposited_on: '2025-06-06', bsr_code: '0510032' }).expect(200);

      // Undo puts it back to pending; deposit again.
      const undone = await t.http.delete(`/v1/tds/deductions/${payable[1].id}/deposit`).set(a.auth).expect(200);
      expect(undone.body.data.deduction).toMatchObject({ status: 'pending', challan_number: null });
      let report = (await t.http.get('/v1/tds/reports?fy_start_year=2025').set(a.auth).expect(200)).body.data;
      const q1 = report.summary.filter((r: { quarter: number }) => r.quarter === 1);
      expect(q1.reduce((s: number, r: { pending: number }) => s + paise(r.pending), 0)).toBe(paise(700.01));
      expect(q1.flatMap((r: { pending_due: object[] }) => r.pending_due)).toEqual([{ due_date: '2025-06-07', amount: 700.01 }]);
      await deposit(payable[1].id, { challan_number: '00013', deposited_on: '2025-06-06', bsr_code: '0510032' }).expect(200);

      // Reports equal the deductions, to the paisa.
      report = (await t.http.get('/v1/tds/reports?fy_start_year=2025').set(a.auth).expect(200)).body.data;
      const pay = await deductions('?fy_start_year=2025&direction=payable');
      const sum = (xs: Array<{ tds_amount: number }>) => xs.reduce((s, d) => s + paise(d.tds_amount), 0);
      for (const row of report.summary) {
        const mine = pay.filter((d: { quarter: number; section_id: number }) => d.quarter === row.quarter && d.section_id === row.section_id);
        expect(paise(row.deducted)).toBe(sum(mine));
        expect(paise(row.deposited)).toBe(sum(mine.filter((d: { status: string }) => d.status === 'deposited')));
        expect(paise(row.pending)).toBe(sum(mine.filter((d: { status: string }) => d.status === 'pending')));
        expect(row.deductions).toBe(mine.length);
      }
      expect(report.summary.reduce((s: number, r: { deducted: number }) => s + paise(r.deducted), 0)).toBe(sum(pay));
      expect(report.receivable).toEqual([expect.objectContaining({ quarter: 2, deducted: 1000, deductions: 1 })]);
      const q4 = report.summary.find((r: { quarter: number }) => r.quarter === 4);
      expect(q4.pending_due).toEqual([{ due_date: '2026-04-30', amount: 123.46 }]);

      const made = await certificate({ deductee: VENDOR_PAN.toLowerCase(), fy_start_year: 2025, quarter: 1, tan: 'blrs12345c', statement_receipt: 'QWERTYUI' })
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(made.headers['content-type']).toMatch(/application\/pdf/);
      expect(Number(made.headers['x-certificate-id'])).toBeGreaterThan(0);
      const text = (await pdfParse(made.body as Buffer)).text;
      expect(text).toContain('Statement of tax deducted at source');
      expect(text).toMatch(/TDS certificate is Form No\. 16A,[\s\S]*downloads from the TRACES portal/);
      expect(text).toContain('BLRS12345C'); // deductor TAN
      expect(text).toContain('QWERTYUI'); // statement receipt
      expect(text).toMatch(/Assessment year\s*2026-27/);
      expect(text).not.toMatch(/Financial year|Tax year/);
      expect(text).toContain('Verification');
      expect(text).toContain('Shakti Electricals');
      expect(text).toContain('AAACH7409R'); // deductor PAN from its GSTIN
      expect(text).toContain(VENDOR_PAN);
      expect(text).toContain('Q1 (April to June)');
      expect(text).toContain('60,000.00');
      expect(text).toContain('6,000.00');
      expect(text).toContain('700.01');
      expect(text).toContain('6,700.01'); // total deducted
      expect(text).toContain('95,000.50'); // total paid
      expect(text).toContain('00012');
      const row = await t.dataSource.query(
        'SELECT deductee_pan, quarter, tds_amount, form_name, deductor_tan, statement_receipt FROM tds_certificates WHERE account_id = ?',
        [a.accountId],
      );
      expect(row).toEqual([
        {
          deductee_pan: VENDOR_PAN,
          quarter: 1,
          tds_amount: '6700.01',
          form_name: 'Statement of tax deducted at source',
          deductor_tan: 'BLRS12345C',
          statement_receipt: 'QWERTYUI',
        },
      ]);

      // Quarter 2 has no deposit yet; another quarter without deductions is a 400 too.
      const q2 = await certificate({ deductee: VENDOR_PAN, fy_start_year: 2025, quarter: 2 }).expect(400);
      expect(Object.keys(q2.body.error.details)).toEqual(['deductions']); // the TAN of the last certificate is reused
      await certificate({ deductee: VENDOR_PAN, fy_start_year: 2025, quarter: 3 }).expect(400);
      await certificate({ deductee: VENDOR_PAN, fy_start_year: 2025, quarter: 5 }).expect(400);
    });

    it('a quarter under the Income-tax Act 2025: tax year, section 393 row, payment code, Form No. 131', async () => {
      const pan = 'ABCPR4321K';
      const h = find('194H', /Commission/, '2026-05-10');
      const id = (
        await t.http
          .post('/v1/expenses')
          .set(a.auth)
          .send({
            expense_description: 'Brokerage',
            expense_amount: 30000,
            expense_date: '2026-05-10',
            vendor_name: 'Rao Brokers',
            vendor_pan: pan,
            payee_type: 'individual',
            tds_section_id: h.section_id,
            tds_rate: 2,
            tds_amount: 600,
          })
          .expect(201)
      ).body.data.expense_id as number;
      await t.http
        .patch(`/v1/tds/deductions/${id}/deposit`)
        .set(a.auth)
        .send({ challan_number: '00031', deposited_on: '2026-06-05', bsr_code: '0510032' })
        .expect(200);
      const made = await t.http
        .post('/v1/tds/certificates')
        .set(a.auth)
        .send({ deductee: pan, fy_start_year: 2026, quarter: 1, tan: 'BLRS12345C' })
        .buffer(true)
        .parse(binary)
        .expect(200);
      const text = (await pdfParse(made.body as Buffer)).text;
      expect(text).toMatch(/Tax year\s*2026-27/);
      expect(text).not.toMatch(/Assessment year|Financial year/);
      expect(text).toContain('393(1) Table Sl. No. 1(ii) (194H)');
      expect(text).toContain('1006');
      expect(text).toMatch(/Form No\. 131 \(Form No\. 16A\s+before the Income-tax Act, 2025\)/);
      expect(text).toContain('00031');
      expect(text).toContain('05-06-2026');
      expect(text).toContain('BLRS12345C');
    });

    it('never lets one account use or touch another account’s TDS ids: sections, deposits, undo, certificates', async () => {
      const own = (
        await t.http
          .post('/v1/tds/sections')
          .set(a.auth)
          .send({ code: '194Z', description: 'A only', rate_individual: 5, effective_from: '2025-04-01' })
          .expect(200)
      ).body.data.section.section_id as number;
      // Sections: read, edit, delete and calculate.
      await t.http.get(`/v1/tds/sections/${own}`).set(b.auth).expect(404);
      await t.http.patch(`/v1/tds/sections/${own}`).set(b.auth).send({ rate_other: 1 }).expect(404);
      await t.http.delete(`/v1/tds/sections/${own}`).set(b.auth).expect(404);
      await t.http.post('/v1/tds/calculate').set(b.auth).send({ base_amount: 1000, section_id: own, payee_type: 'individual', has_pan: true }).expect(404);
      await t.http.get(`/v1/tds/sections/${own}`).set(a.auth).expect(200);

      // Documents of B naming A's section, on create and on update.
      const bClient = (await t.http.post('/v1/clients').set(b.auth).send({ name: 'B Buyer', phone: '9333300001', email: 'bbuyer@example.com' }).expect(201))
        .body.data.client.client_id as number;
      const invoice = (section?: number) => ({
        client_id: bClient,
        invoice_date: '2025-06-01',
        payment_due_date: '2025-06-01',
        items: [{ item_description: 'Work', quantity: 1, rate: 100, tax_rate: 0, cgst_amount: 0, sgst_amount: 0, igst_amount: 0, total_amount: 100 }],
        ...(section ? { tds_section_id: section, tds_rate: 5, tds_amount: 5 } : {}),
      });
      const bad = await t.http.post('/v1/invoices').set(b.auth).send(invoice(own)).expect(404);
      expect(bad.body.error.details).toEqual({ tds_section_id: own });
      const bInvoice = (await t.http.post('/v1/invoices').set(b.auth).send(invoice()).expect(201)).body.data.invoice_id as number;
      await t.http.patch(`/v1/invoices/${bInvoice}`).set(b.auth).send({ tds_section_id: own }).expect(404);
      expect((await t.http.get(`/v1/invoices/${bInvoice}`).set(b.auth).expect(200)).body.data.tds_section_id).toBeNull();
      await t.http.post('/v1/expenses').set(b.auth).send({ expense_description: 'x', expense_amount: 100, tds_section_id: own }).expect(404);
      const bExpense = (await t.http.post('/v1/expenses').set(b.auth).send({ expense_description: 'x', expense_amount: 100 }).expect(201)).body.data
        .expense_id as number;
      await t.http.patch(`/v1/expenses/${bExpense}`).set(b.auth).send({ tds_section_id: own }).expect(404);
      // A itself may use its own section and a shared one.
      const aClient = (await t.http.post('/v1/clients').set(a.auth).send({ name: 'A Buyer', phone: '9333300002', email: 'abuyer@example.com' }).expect(201))
        .body.data.client.client_id as number;
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ ...invoice(own), client_id: aClient })
        .expect(201);

      // Deposits and their undo on A's deductions.
      const challan = { challan_number: '00099', deposited_on: '2025-07-01', bsr_code: '0510032' };
      await t.http.patch(`/v1/tds/deductions/${payable[1].id}/deposit`).set(b.auth).send(challan).expect(404);
      await t.http.delete(`/v1/tds/deductions/${payable[0].id}/deposit`).set(b.auth).expect(404);
      const aFirst = (await deductions('?fy_start_year=2025&direction=payable')).find((d: { deduction_id: number }) => d.deduction_id === payable[0].id);
      expect(aFirst).toMatchObject({ status: 'deposited', challan_number: '00012' });

      // Certificates: B's certificate for the same deductee PAN holds B's deduction only.
      await t.http.post('/v1/tds/certificates').set(b.auth).send({ deductee: VENDOR_PAN, fy_start_year: 2025, quarter: 1, tan: 'MUMB54321D' }).expect(400);
      const bTds = (
        await t.http
          .post('/v1/expenses')
          .set(b.auth)
          .send({
            expense_description: 'B fee',
            expense_amount: 1111.1,
            expense_date: '2025-05-20',
            vendor_name: 'Patil & Co',
            vendor_pan: VENDOR_PAN,
            payee_type: 'firm',
            tds_rate: 10,
            tds_amount: 111.11,
          })
          .expect(201)
      ).body.data.expense_id as number;
      await t.http.patch(`/v1/tds/deductions/${bTds}/deposit`).set(b.auth).send(challan).expect(200);
      const made = await t.http
        .post('/v1/tds/certificates')
        .set(b.auth)
        .send({ deductee: VENDOR_PAN, fy_start_year: 2025, quarter: 1, tan: 'MUMB54321D' })
        .buffer(true)
        .parse(binary)
        .expect(200);
      const text = (await pdfParse(made.body as Buffer)).text;
      expect(text).toContain('111.11');
      expect(text).toContain('00099');
      expect(text).not.toContain('6,700.01');
      expect(text).not.toContain('00012');
      expect(text).not.toContain('Shakti Electricals');
      const bRows = await t.dataSource.query('SELECT tds_amount FROM tds_certificates WHERE account_id = ?', [b.accountId]);
      expect(bRows).toEqual([{ tds_amount: '111.11' }]);
    });
  });
});
