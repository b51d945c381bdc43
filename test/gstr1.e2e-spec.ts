import Ajv from 'ajv';
import ExcelJS from 'exceljs';
import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import gstr1Schema from '../schemas/gstr1.schema.json';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';

/** A valid GSTIN of a state for PAN AAACH7409R (the check character computed by the rule). */
const gstinOf = (state: string) => `${state}AAACH7409R1Z${gstinCheckCharacter(`${state}AAACH7409R1Z`)}`;

/** A line as the test states it, in paise: taxable value, rate, intra-state (CGST+SGST) or inter-state (IGST). */
interface LineSpec {
  hsn: string;
  taxable: number;
  rate: number;
  intra: boolean;
}
const taxOf = (l: LineSpec) => {
  const t = Math.round((l.taxable * l.rate) / 100);
  const half = Math.round(t / 2);
  return l.intra ? { cgst: half, sgst: half, igst: 0 } : { cgst: 0, sgst: 0, igst: t };
};
const lineTotal = (l: LineSpec) => {
  const t = taxOf(l);
  return l.taxable + t.cgst + t.sgst + t.igst;
};
const rupees = (paise: number) => paise / 100;
const lineBody = (l: LineSpec) => {
  const tx = taxOf(l);
  return {
    item_description: `Item ${l.hsn}`,
    hsn_code: l.hsn,
    quantity: l.taxable % 2 === 0 ? 2 : 1,
    rate: rupees(l.taxable % 2 === 0 ? l.taxable / 2 : l.taxable),
    tax_rate: l.rate,
    cgst_amount: rupees(tx.cgst),
    sgst_amount: rupees(tx.sgst),
    igst_amount: rupees(tx.igst),
    total_amount: rupees(lineTotal(l)),
  };
};

type Client = 'reg29' | 'reg27' | 'unreg29' | 'unreg27' | 'foreign';
type Section = 'b2b' | 'b2cl' | 'b2cs' | 'exp' | 'nil' | 'none';
interface InvoiceSpec {
  key: string;
  client: Client;
  date: string;
  status: string;
  type?: string;
  lines: LineSpec[];
  section: Section;
}

/** October 2026 of a Maharashtra business (27), and documents outside it. */
const INVOICES: InvoiceSpec[] = [
  {
    key: 'b2b-inter',
    client: 'reg29',
    date: '2026-10-02',
    status: 'issued',
    section: 'b2b',
    lines: [
      { hsn: '84713010', taxable: 10_000_00, rate: 18, intra: false },
      { hsn: '998311', taxable: 2_000_00, rate: 12, intra: false },
    ],
  },
  {
    key: 'b2b-intra',
    client: 'reg27',
    date: '2026-10-03',
    status: 'archived',
    section: 'b2b',
    lines: [{ hsn: '84713010', taxable: 5_000_00, rate: 12, intra: true }],
  },
  {
    key: 'b2cl',
    client: 'unreg29',
    date: '2026-10-04',
    status: 'issued',
    section: 'b2cl',
    lines: [{ hsn: '85171300', taxable: 1_00_000_00, rate: 18, intra: false }],
  },
  {
    key: 'b2cs-inter',
    client: 'unreg29',
    date: '2026-10-05',
    status: 'issued',
    section: 'b2cs',
    lines: [{ hsn: '85171300', taxable: 50_000_00, rate: 18, intra: false }],
  },
  {
    key: 'b2cs-intra',
    client: 'unreg27',
    date: '2026-10-06',
    status: 'issued',
    section: 'b2cs',
    lines: [{ hsn: '49011010', taxable: 2_000_33, rate: 5, intra: true }],
  },
  {
    key: 'b2cs-intra-2',
    client: 'unreg27',
    date: '2026-10-07',
    status: 'issued',
    section: 'b2cs',
    lines: [{ hsn: '49011010', taxable: 999_99, rate: 5, intra: true }],
  },
  {
    key: 'export',
    client: 'foreign',
    date: '2026-10-08',
    status: 'issued',
    type: 'export',
    section: 'exp',
    lines: [{ hsn: '84713010', taxable: 40_000_00, rate: 0, intra: false }],
  },
  {
    key: 'bill-of-supply',
    client: 'reg27',
    date: '2026-10-12',
    status: 'issued',
    type: 'bill_of_supply',
    lines: [{ hsn: '04011000', taxable: 3_000_00, rate: 0, intra: true }],
    section: 'nil',
  },
  {
    key: 'cancelled',
    client: 'reg29',
    date: '2026-10-09',
    status: 'cancelled',
    section: 'none',
    lines: [{ hsn: '84713010', taxable: 7_000_00, rate: 18, intra: false }],
  },
  {
    key: 'draft',
    client: 'reg29',
    date: '2026-10-10',
    status: 'draft',
    section: 'none',
    lines: [{ hsn: '84713010', taxable: 8_000_00, rate: 18, intra: false }],
  },
  {
    key: 'september',
    client: 'reg29',
    date: '2026-09-30',
    status: 'issued',
    section: 'none',
    lines: [{ hsn: '84713010', taxable: 9_000_00, rate: 18, intra: false }],
  },
];

/** Notes of October: amounts in paise, tax-inclusive at the rate of the invoice they are against (else 0). */
const NOTES: Array<{ kind: 'credit' | 'debit'; client: Client; against?: string; amount: number; section: 'cdnr' | 'cdnur' | 'b2cs' }> = [
  { kind: 'credit', client: 'reg27', against: 'b2b-intra', amount: 1_120_00, section: 'cdnr' },
  { kind: 'debit', client: 'reg29', amount: 500_00, section: 'cdnr' },
  { kind: 'credit', client: 'unreg29', against: 'b2cl', amount: 11_800_00, section: 'cdnur' },
  { kind: 'credit', client: 'unreg27', against: 'b2cs-intra', amount: 105_00, section: 'b2cs' },
];

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
/** Sum of JSON amounts in paise (they carry at most 2 decimals). */
const paiseOf = (values: Array<number | undefined>) => sum(values.map((v) => Math.round((v ?? 0) * 100)));

describe('GSTR-1 export', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  const ids = new Map<string, number>();
  const numbers = new Map<string, string>();
  const gstr1 = (who: TestAccount, query: string) => t.http.get(`/v1/exports/gstr1?${query}`).set(who.auth);
  const invoiceTotal = (spec: InvoiceSpec) => sum(spec.lines.map(lineTotal));
  const taxableOf = (specs: InvoiceSpec[]) => sum(specs.flatMap((s) => s.lines.map((l) => l.taxable)));
  const taxesOf = (specs: InvoiceSpec[]) => {
    const all = specs.flatMap((s) => s.lines.map(taxOf));
    return { igst: sum(all.map((x) => x.igst)), cgst: sum(all.map((x) => x.cgst)), sgst: sum(all.map((x) => x.sgst)) };
  };
  const inSection = (section: Section) => INVOICES.filter((i) => i.section === section);

  beforeAll(async () => {
    t = await startApp('gstr1');
    a = await t.createAccount({ name: 'Sharma Traders', gstin: '27AAPFU0939F1ZV' });
    b = await t.createAccount({ name: 'Other Business', gstin: '32AADCK5978M1Z0' });
    const clients = new Map<Client, number>();
    const mk = async (who: TestAccount, key: string, extra: object) =>
      (
        await t.http
          .post('/v1/clients')
          .set(who.auth)
          .send({
            name: `Client ${key}`,
            phone: String(9300000000 + who.accountId * 100 + clients.size),
            email: `${key}${who.accountId}@example.com`,
            ...extra,
          })
          .expect(201)
      ).body.data.client.client_id as number;
    clients.set('reg29', await mk(a, 'reg29', { gstin: gstinOf('29') }));
    clients.set('reg27', await mk(a, 'reg27', { gstin: gstinOf('27') }));
    clients.set('unreg29', await mk(a, 'unreg29', { state_code: '29' }));
    clients.set('unreg27', await mk(a, 'unreg27', { state_code: '27' }));
    clients.set('foreign', await mk(a, 'foreign', { phone: '+14155550100' }));
    for (const inv of INVOICES) {
      const res = await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({
          client_id: clients.get(inv.client),
          invoice_date: inv.date,
          payment_due_date: inv.date,
          status: inv.status,
          ...(inv.type ? { invoice_type: inv.type } : {}),
          ...(inv.type === 'export' ? { lut_number: 'AD270326000123X' } : {}),
          items: inv.lines.map(lineBody),
        });
      if (res.status !== 201) throw new Error(`${inv.key}: ${JSON.stringify(res.body)}`);
      ids.set(inv.key, res.body.data.invoice_id as number);
      numbers.set(inv.key, (await t.http.get(`/v1/invoices/${res.body.data.invoice_id}`).set(a.auth).expect(200)).body.data.invoice_number as string);
    }
    for (const note of NOTES) {
      const date = '2026-10-20';
      const line = { description: 'Adjustment', expense_date: date, amount: rupees(note.amount) };
      if (note.kind === 'credit') {
        await t.http
          .post('/v1/credit-notes')
          .set(a.auth)
          .send({
            client_id: clients.get(note.client),
            credit_note_date: date,
            status: 'issued',
            source_invoice_id: note.against ? ids.get(note.against) : undefined,
            items: [line],
          })
          .expect(200);
      } else {
        await t.http
          .post('/v1/debit-notes')
          .set(a.auth)
          .send({ client_id: clients.get(note.client), debit_note_date: date, items: [line] })
          .expect(201);
      }
    }
    // Another account's invoice of the same month never shows in A's return.
    const bClient = await mk(b, 'breg', { gstin: gstinOf('29') });
    await t.http
      .post('/v1/invoices')
      .set(b.auth)
      .send({
        client_id: bClient,
        invoice_date: '2026-10-10',
        payment_due_date: '2026-10-10',
        items: [lineBody({ hsn: '11111111', taxable: 99_999_00, rate: 18, intra: false })],
      })
      .expect(201);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the month as the offline tool JSON, valid against the committed schema', async () => {
    const ret = (await gstr1(a, 'period=2026-10').expect(200)).body.data;
    const ajv = new Ajv({ allErrors: true });
    const valid = ajv.validate(gstr1Schema, ret);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(ret).toMatchObject({ gstin: '27AAPFU0939F1ZV', fp: '102026' });
    expect(JSON.stringify(ret)).not.toContain('11111111');
  });

  it('each table adds up to the totals of the documents it holds', async () => {
    const ret = (await gstr1(a, 'period=2026-10').expect(200)).body.data;
    type Det = { txval: number; iamt?: number; camt?: number; samt?: number };
    type Itm = { itm_det: Det };

    // B2B: the invoices to registered clients, inter- and intra-state, grouped by recipient.
    const b2bInv = (ret.b2b as Array<{ ctin: string; inv: Array<{ inum: string; val: number; pos: string; itms: Itm[] }> }>).flatMap((p) => p.inv);
    expect(b2bInv.map((i) => i.inum).sort()).toEqual(
      inSection('b2b')
        .map((s) => numbers.get(s.key))
        .sort(),
    );
    expect(paiseOf(b2bInv.map((i) => i.val))).toBe(sum(inSection('b2b').map(invoiceTotal)));
    const b2bDet = b2bInv.flatMap((i) => i.itms.map((x) => x.itm_det));
    expect(paiseOf(b2bDet.map((d) => d.txval))).toBe(taxableOf(inSection('b2b')));
    expect(paiseOf(b2bDet.map((d) => d.iamt))).toBe(taxesOf(inSection('b2b')).igst);
    expect(paiseOf(b2bDet.map((d) => d.camt))).toBe(taxesOf(inSection('b2b')).cgst);
    expect(paiseOf(b2bDet.map((d) => d.samt))).toBe(taxesOf(inSection('b2b')).sgst);
    expect(b2bInv.find((i) => i.inum === numbers.get('b2b-intra'))!.pos).toBe('27');
    expect(b2bInv.find((i) => i.inum === numbers.get('b2b-inter'))!.itms).toHaveLength(2);

    // B2CL: the inter-state invoice to an unregistered client above 1 lakh; the one below it is B2CS.
    expect(ret.b2cl).toHaveLength(1);
    expect(ret.b2cl[0].pos).toBe('29');
    expect(ret.b2cl[0].inv.map((i: { inum: string }) => i.inum)).toEqual([numbers.get('b2cl')]);
    expect(paiseOf(ret.b2cl[0].inv.map((i: { val: number }) => i.val))).toBe(sum(inSection('b2cl').map(invoiceTotal)));
    expect(paiseOf(ret.b2cl[0].inv.flatMap((i: { itms: Itm[] }) => i.itms.map((x) => x.itm_det.iamt)))).toBe(taxesOf(inSection('b2cl')).igst);

    // B2CS: by place of supply and rate; the credit note to an unregistered local client against a B2CS invoice reduces it.
    const b2cs = ret.b2cs as Array<{ sply_ty: string; pos: string; rt: number; txval: number; iamt?: number; camt?: number; samt?: number }>;
    const localNote = NOTES.find((n) => n.section === 'b2cs')!;
    const noteTaxable = Math.round((localNote.amount * 100) / 105);
    const noteHalf = Math.round((localNote.amount - noteTaxable) / 2);
    const intra = b2cs.find((r) => r.pos === '27' && r.rt === 5)!;
    expect(intra.sply_ty).toBe('INTRA');
    expect(Math.round(intra.txval * 100)).toBe(taxableOf(INVOICES.filter((i) => i.key.startsWith('b2cs-intra'))) - (localNote.amount - 2 * noteHalf));
    expect(Math.round(intra.camt! * 100)).toBe(taxesOf(INVOICES.filter((i) => i.key.startsWith('b2cs-intra'))).cgst - noteHalf);
    const inter = b2cs.find((r) => r.pos === '29')!;
    expect(inter).toMatchObject({ sply_ty: 'INTER', rt: 18, txval: rupees(50_000_00), iamt: rupees(9_000_00) });
    expect(b2cs).toHaveLength(2);

    // EXP: the export under LUT, without payment.
    expect(ret.exp).toEqual([
      {
        exp_typ: 'WOPAY',
        inv: [{ inum: numbers.get('export'), idt: '08-10-2026', val: rupees(40_000_00), itms: [{ txval: rupees(40_000_00), rt: 0, iamt: 0, csamt: 0 }] }],
      },
    ]);

    // CDNR and CDNUR: notes to registered clients, and the unregistered one against the B2CL invoice.
    const cdnr = (ret.cdnr as Array<{ ctin: string; nt: Array<{ ntty: string; val: number; itms: Itm[] }> }>).flatMap((p) => p.nt);
    expect(cdnr.map((n) => n.ntty).sort()).toEqual(['C', 'D']);
    expect(paiseOf(cdnr.map((n) => n.val))).toBe(sum(NOTES.filter((n) => n.section === 'cdnr').map((n) => n.amount)));
    const cdnrDet = cdnr.flatMap((n) => n.itms.map((x) => x.itm_det));
    expect(paiseOf(cdnrDet.map((d) => d.txval)) + paiseOf(cdnrDet.flatMap((d) => [d.iamt, d.camt, d.samt]))).toBe(
      sum(NOTES.filter((n) => n.section === 'cdnr').map((n) => n.amount)),
    );
    // The credit note against the intra-state 12% invoice is split 1,000 + 60 + 60.
    expect(cdnr.find((n) => n.ntty === 'C')!.itms[0].itm_det).toEqual({ txval: 1000, rt: 12, camt: 60, samt: 60, csamt: 0 });
    expect(ret.cdnur).toEqual([
      expect.objectContaining({
        typ: 'B2CL',
        ntty: 'C',
        pos: '29',
        val: rupees(11_800_00),
        itms: [{ num: 1, itm_det: { txval: 10000, rt: 18, iamt: 1800, csamt: 0 } }],
      }),
    ]);

    // HSN: every counted invoice line at 4 digits (turnover not above 5 crore), the bill of supply at rate 0, and the notes'
    // lines (which carry no code) under the codes of the invoices they are against; registered recipients in hsn_b2b.
    type Hsn = { hsn_sc: string; rt: number; txval: number; iamt: number; camt: number; samt: number; qty: number; uqc: string };
    const hsn = [...ret.hsn.hsn_b2b, ...ret.hsn.hsn_b2c] as Hsn[];
    expect(new Set(hsn.map((h) => h.hsn_sc))).toEqual(new Set(['8471', '9983', '8517', '4901', '0401']));
    expect(ret.hsn.hsn_b2b.find((h: Hsn) => h.hsn_sc === '0401')).toMatchObject({ rt: 0, txval: 3000, iamt: 0, camt: 0, samt: 0 });
    expect(hsn.find((h) => h.hsn_sc === '9983')).toMatchObject({ uqc: 'NA', qty: 0 });
    expect(new Set(ret.hsn.hsn_b2c.map((h: Hsn) => h.hsn_sc))).toEqual(new Set(['8517', '4901', '8471']));

    // DOC_ISSUE: invoices of the month that have a number (not drafts), the cancelled one counted as cancelled.
    const issued = INVOICES.filter((i) => i.date.startsWith('2026-10') && i.status !== 'draft');
    const invDocs = ret.doc_issue.doc_det.find((d: { doc_num: number }) => d.doc_num === 1).docs;
    expect(invDocs).toHaveLength(1);
    expect(invDocs[0]).toMatchObject({ totnum: issued.length, cancel: 1, net_issue: issued.length - 1 });
    expect(JSON.stringify(ret.b2b)).not.toContain(numbers.get('cancelled'));
    expect(ret.doc_issue.doc_det.find((d: { doc_num: number }) => d.doc_num === 5).docs[0].totnum).toBe(3);
  });

  it('Table 12 equals B2B + B2CL + B2CS + EXP + NIL less CDNR and CDNUR, each tab and both together', async () => {
    const ret = (await gstr1(a, 'period=2026-10').expect(200)).body.data;
    type Amt = { txval?: number; iamt?: number; camt?: number; samt?: number; csamt?: number };
    const keys = ['txval', 'iamt', 'camt', 'samt', 'csamt'] as const;
    const total = (rows: Array<{ d: Amt; sign?: number }>) =>
      Object.fromEntries(keys.map((k) => [k, sum(rows.map(({ d, sign }) => Math.round((d[k] ?? 0) * 100) * (sign ?? 1)))]));
    const note = (n: { ntty: string }) => (n.ntty === 'C' ? -1 : 1);
    type Itm = { itm_det: Amt };
    const b2b = [
      ...(ret.b2b as Array<{ inv: Array<{ itms: Itm[] }> }>).flatMap((p) => p.inv.flatMap((i) => i.itms.map((x) => ({ d: x.itm_det })))),
      ...(ret.cdnr as Array<{ nt: Array<{ ntty: string; itms: Itm[] }> }>).flatMap((p) =>
        p.nt.flatMap((n) => n.itms.map((x) => ({ d: x.itm_det, sign: note(n) }))),
      ),
      ...(ret.nil.inv as Array<{ sply_ty: string; expt_amt: number }>).filter((n) => n.sply_ty.endsWith('B2B')).map((n) => ({ d: { txval: n.expt_amt } })),
    ];
    const b2c = [
      ...(ret.b2cl as Array<{ inv: Array<{ itms: Itm[] }> }>).flatMap((p) => p.inv.flatMap((i) => i.itms.map((x) => ({ d: x.itm_det })))),
      ...(ret.b2cs as Amt[]).map((d) => ({ d })),
      ...(ret.exp as Array<{ inv: Array<{ itms: Amt[] }> }>).flatMap((e) => e.inv.flatMap((i) => i.itms.map((d) => ({ d })))),
      ...(ret.cdnur as Array<{ ntty: string; itms: Itm[] }>).flatMap((n) => n.itms.map((x) => ({ d: x.itm_det, sign: note(n) }))),
      ...(ret.nil.inv as Array<{ sply_ty: string; expt_amt: number }>).filter((n) => n.sply_ty.endsWith('B2C')).map((n) => ({ d: { txval: n.expt_amt } })),
    ];
    const tab = (rows: Amt[]) => total(rows.map((d) => ({ d })));
    expect(tab(ret.hsn.hsn_b2b)).toEqual(total(b2b));
    expect(tab(ret.hsn.hsn_b2c)).toEqual(total(b2c));
    expect(tab([...ret.hsn.hsn_b2b, ...ret.hsn.hsn_b2c])).toEqual(total([...b2b, ...b2c]));
    // The bill of supply is in NIL, and the credit notes (no line HSN) do reduce Table 12.
    expect(ret.nil.inv).toEqual([{ sply_ty: 'INTRAB2B', expt_amt: 3000, nil_amt: 0, ngsup_amt: 0 }]);
    const counted = INVOICES.filter((i) => i.section !== 'none');
    expect(tab([...ret.hsn.hsn_b2b, ...ret.hsn.hsn_b2c]).txval).toBeLessThan(taxableOf(counted));
  });

  it('six-digit HSN above 5 crore of turnover, quarters, and the same tables as a workbook', async () => {
    await t.http.patch('/v1/settings/business').set(a.auth).send({ aggregate_turnover: '60000000' }).expect(200);
    const big = (await gstr1(a, 'period=2026-10').expect(200)).body.data;
    expect(big.hsn.hsn_b2b.map((h: { hsn_sc: string }) => h.hsn_sc)).toContain('847130');
    await t.http.patch('/v1/settings/business').set(a.auth).send({ aggregate_turnover: null }).expect(200);

    const quarter = (await gstr1(a, 'quarter=2026-Q3').expect(200)).body.data;
    expect(quarter.fp).toBe('122026');
    const month = (await gstr1(a, 'period=2026-10').expect(200)).body.data;
    expect(quarter.b2b).toEqual(month.b2b);
    const q2 = (await gstr1(a, 'quarter=2026-Q2').expect(200)).body.data;
    expect(q2.b2b[0].inv.map((i: { inum: string }) => i.inum)).toEqual([numbers.get('september')]);

    const xlsx = await gstr1(a, 'period=2026-10&format=xlsx').buffer(true).parse(binary).expect(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exp', 'exemp', 'hsn(b2b)', 'hsn(b2c)', 'docs']);
    const b2bRows = book.getWorksheet('b2b')!.rowCount - 1;
    expect(b2bRows).toBe(month.b2b.flatMap((p: { inv: Array<{ itms: unknown[] }> }) => p.inv.flatMap((i) => i.itms)).length);
  });

  it('refuses a missing, malformed or doubled period, and a business without a GSTIN', async () => {
    for (const q of ['', 'period=2026-13', 'quarter=2026-Q5', 'period=2026-10&quarter=2026-Q3', 'period=2026-10&format=pdf']) {
      const res = await gstr1(a, q).expect(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    const noGstin = await t.createAccount({ name: 'Unregistered Shop' });
    expect((await gstr1(noGstin, 'period=2026-10').expect(400)).body.error.details).toHaveProperty('business_gstin');
  });
});
