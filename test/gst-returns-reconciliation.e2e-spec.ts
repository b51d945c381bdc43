import Ajv from 'ajv';
import ExcelJS from 'exceljs';
import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import gstr1Schema from '../schemas/gstr1.schema.json';
import gstr3bSchema from '../schemas/gstr3b.schema.json';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';

/**
 * One month (October 2026) of a Maharashtra business with every kind of supply, notes, a USD export, drafts, a
 * cancelled and a deleted invoice: GSTR-1 and GSTR-3B validate against their committed schemas, and GSTR-3B's
 * tables 3.1 and 3.2 are summed three ways (from GSTR-1's tables, as GSTR-3B answers them, and from the documents'
 * own lines read back through the API), agreeing to the paisa. Then the month is marked filed and GSTR-1A shows what
 * changed since.
 */

const gstinOf = (state: string, pan = 'AAACH7409R') => `${state}${pan}1Z${gstinCheckCharacter(`${state}${pan}1Z`)}`;

type Kind = 'intra' | 'inter' | 'none';
/** A line as the test states it: taxable value in the document's currency (paise or cents), rate and which tax. */
interface LineSpec {
  hsn: string;
  taxable: number;
  rate: number;
  kind: Kind;
}
const taxOf = (l: LineSpec) => {
  const t = l.kind === 'none' ? 0 : Math.round((l.taxable * l.rate) / 100);
  const half = Math.round(t / 2);
  return l.kind === 'intra' ? { cgst: half, sgst: half, igst: 0 } : { cgst: 0, sgst: 0, igst: t };
};
const money = (paise: number) => paise / 100;
const lineBody = (l: LineSpec, reverseCharge = false) => {
  const tx = taxOf(l);
  return {
    item_description: `Item ${l.hsn}`,
    hsn_code: l.hsn,
    quantity: 1,
    unit: l.hsn.startsWith('99') ? undefined : 'NOS',
    rate: money(l.taxable),
    tax_rate: l.rate,
    cgst_amount: money(tx.cgst),
    sgst_amount: money(tx.sgst),
    igst_amount: money(tx.igst),
    total_amount: money(l.taxable + (reverseCharge ? 0 : tx.cgst + tx.sgst + tx.igst)),
  };
};
const noteLine = (l: LineSpec) => {
  const tx = taxOf(l);
  return {
    description: `Adjustment ${l.hsn}`,
    expense_date: '2026-10-20',
    hsn_code: l.hsn,
    taxable_value: money(l.taxable),
    tax_rate: l.rate,
    cgst_amount: money(tx.cgst),
    sgst_amount: money(tx.sgst),
    igst_amount: money(tx.igst),
    amount: money(l.taxable + tx.cgst + tx.sgst + tx.igst),
  };
};

type Client = 'reg27' | 'reg29' | 'sez29' | 'unreg29' | 'unreg27' | 'foreign' | 'comp29' | 'uin07';
/** The clients' GSTINs (a UIN for the UN body) and registration types, as each is created. */
const COMP29 = gstinOf('29', 'AABCC1234D');
const UIN07 = '0717UNO00157UNO';
const CLIENTS: Record<Client, object> = {
  reg27: { gstin: gstinOf('27') },
  reg29: { gstin: gstinOf('29') },
  sez29: { gstin: gstinOf('29', 'AABCS1429B') },
  unreg29: { state_code: '29' },
  unreg27: { state_code: '27' },
  foreign: { phone: '+14155550100' },
  comp29: { gstin: COMP29, registration_type: 'composition' },
  uin07: { gstin: UIN07, registration_type: 'uin' },
};
/** The row of table 3.2 a client's inter-state 3.1(a) supplies go to. */
type Row32 = 'unreg' | 'comp' | 'uin';
const ROW32: Partial<Record<Client, Row32>> = { unreg29: 'unreg', unreg27: 'unreg', comp29: 'comp', uin07: 'uin' };
const ROW32_OF_GSTIN = new Map<string, Row32>([
  [COMP29, 'comp'],
  [UIN07, 'uin'],
]);
/** Where GSTR-3B puts a document: 3.1(a), (b) or (c), or nowhere (drafts, cancelled, deleted, another month). */
type Row = 'det' | 'zero' | 'nil' | 'none';
interface InvoiceSpec {
  key: string;
  client: Client;
  date: string;
  status: string;
  row: Row;
  lines: LineSpec[];
  type?: string;
  lut?: boolean;
  reverseCharge?: boolean;
  usd?: string;
  /** Deleted after it was issued. */
  deleted?: boolean;
}

const OCT = '2026-10-';
const INVOICES: InvoiceSpec[] = [
  {
    key: 'b2b-intra',
    client: 'reg27',
    date: `${OCT}02`,
    status: 'issued',
    row: 'det',
    lines: [
      { hsn: '84713010', taxable: 10_000_00, rate: 18, kind: 'intra' },
      { hsn: '49011010', taxable: 2_000_33, rate: 5, kind: 'intra' },
    ],
  },
  {
    key: 'b2b-inter',
    client: 'reg29',
    date: `${OCT}03`,
    status: 'archived',
    row: 'det',
    lines: [{ hsn: '998311', taxable: 25_000_00, rate: 18, kind: 'inter' }],
  },
  {
    key: 'reverse-charge',
    client: 'reg29',
    date: `${OCT}04`,
    status: 'issued',
    row: 'det',
    reverseCharge: true,
    lines: [{ hsn: '996511', taxable: 8_000_00, rate: 18, kind: 'inter' }],
  },
  {
    key: 'b2cl',
    client: 'unreg29',
    date: `${OCT}05`,
    status: 'issued',
    row: 'det',
    lines: [{ hsn: '85171300', taxable: 1_50_000_00, rate: 18, kind: 'inter' }],
  },
  {
    key: 'b2cs-inter',
    client: 'unreg29',
    date: `${OCT}06`,
    status: 'issued',
    row: 'det',
    lines: [{ hsn: '85171300', taxable: 20_000_00, rate: 18, kind: 'inter' }],
  },
  {
    key: 'b2cs-intra',
    client: 'unreg27',
    date: `${OCT}07`,
    status: 'issued',
    row: 'det',
    lines: [{ hsn: '49011010', taxable: 3_000_55, rate: 5, kind: 'intra' }],
  },
  {
    key: 'sez-with-payment',
    client: 'sez29',
    date: `${OCT}08`,
    status: 'issued',
    row: 'zero',
    type: 'sez',
    lines: [{ hsn: '84713010', taxable: 40_000_00, rate: 18, kind: 'inter' }],
  },
  {
    key: 'sez-without-payment',
    client: 'sez29',
    date: `${OCT}09`,
    status: 'issued',
    row: 'zero',
    type: 'sez',
    lut: true,
    lines: [{ hsn: '84713010', taxable: 15_000_00, rate: 0, kind: 'none' }],
  },
  {
    key: 'export-usd-with-payment',
    client: 'foreign',
    date: `${OCT}10`,
    status: 'issued',
    row: 'zero',
    type: 'export',
    usd: '83.2567',
    lines: [{ hsn: '84713010', taxable: 1_234_56, rate: 18, kind: 'inter' }],
  },
  {
    key: 'export-without-payment',
    client: 'foreign',
    date: `${OCT}11`,
    status: 'issued',
    row: 'zero',
    type: 'export',
    lut: true,
    lines: [{ hsn: '84713010', taxable: 60_000_00, rate: 0, kind: 'none' }],
  },
  {
    key: 'bill-of-supply',
    client: 'reg27',
    date: `${OCT}12`,
    status: 'issued',
    row: 'nil',
    type: 'bill_of_supply',
    lines: [{ hsn: '04011000', taxable: 4_500_00, rate: 0, kind: 'none' }],
  },
  {
    key: 'bill-of-supply-b2c',
    client: 'unreg27',
    date: `${OCT}13`,
    status: 'issued',
    row: 'nil',
    type: 'bill_of_supply',
    lines: [{ hsn: '04011000', taxable: 1_200_00, rate: 0, kind: 'none' }],
  },
  { key: 'draft', client: 'reg29', date: `${OCT}14`, status: 'draft', row: 'none', lines: [{ hsn: '84713010', taxable: 9_999_00, rate: 18, kind: 'inter' }] },
  {
    key: 'cancelled',
    client: 'reg29',
    date: `${OCT}15`,
    status: 'cancelled',
    row: 'none',
    lines: [{ hsn: '84713010', taxable: 7_000_00, rate: 18, kind: 'inter' }],
  },
  {
    key: 'deleted',
    client: 'reg27',
    date: `${OCT}16`,
    status: 'issued',
    row: 'none',
    deleted: true,
    lines: [{ hsn: '84713010', taxable: 6_000_00, rate: 18, kind: 'intra' }],
  },
  {
    key: 'b2b-composition',
    client: 'comp29',
    date: `${OCT}17`,
    status: 'issued',
    row: 'det',
    lines: [{ hsn: '84713010', taxable: 30_000_00, rate: 18, kind: 'inter' }],
  },
  {
    key: 'b2b-uin',
    client: 'uin07',
    date: `${OCT}18`,
    status: 'issued',
    row: 'det',
    lines: [{ hsn: '84713010', taxable: 12_000_00, rate: 18, kind: 'inter' }],
  },
  {
    key: 'september',
    client: 'reg29',
    date: '2026-09-30',
    status: 'issued',
    row: 'none',
    lines: [{ hsn: '84713010', taxable: 5_000_00, rate: 18, kind: 'inter' }],
  },
];

interface NoteSpec {
  key: string;
  kind: 'credit' | 'debit';
  client: Client;
  against: string;
  row: Row;
  line: LineSpec;
  supplyType?: string;
  status?: string;
}
const NOTES: NoteSpec[] = [
  { key: 'cn-b2b', kind: 'credit', client: 'reg27', against: 'b2b-intra', row: 'det', line: { hsn: '84713010', taxable: 1_000_00, rate: 18, kind: 'intra' } },
  { key: 'cn-b2cl', kind: 'credit', client: 'unreg29', against: 'b2cl', row: 'det', line: { hsn: '85171300', taxable: 10_000_00, rate: 18, kind: 'inter' } },
  { key: 'cn-b2cs', kind: 'credit', client: 'unreg27', against: 'b2cs-intra', row: 'det', line: { hsn: '49011010', taxable: 500_00, rate: 5, kind: 'intra' } },
  { key: 'dn-b2b', kind: 'debit', client: 'reg29', against: 'b2b-inter', row: 'det', line: { hsn: '998311', taxable: 2_000_00, rate: 18, kind: 'inter' } },
  {
    key: 'dn-b2cs',
    kind: 'debit',
    client: 'unreg29',
    against: 'b2cs-inter',
    row: 'det',
    line: { hsn: '85171300', taxable: 1_000_00, rate: 18, kind: 'inter' },
  },
  {
    key: 'cn-export',
    kind: 'credit',
    client: 'foreign',
    against: 'export-without-payment',
    row: 'zero',
    supplyType: 'export_without_payment',
    line: { hsn: '84713010', taxable: 5_000_00, rate: 0, kind: 'none' },
  },
  {
    key: 'cn-sez',
    kind: 'credit',
    client: 'sez29',
    against: 'sez-with-payment',
    row: 'zero',
    supplyType: 'sez_with_payment',
    line: { hsn: '84713010', taxable: 4_000_00, rate: 18, kind: 'inter' },
  },
  {
    key: 'cn-composition',
    kind: 'credit',
    client: 'comp29',
    against: 'b2b-composition',
    row: 'det',
    line: { hsn: '84713010', taxable: 2_000_00, rate: 18, kind: 'inter' },
  },
  {
    key: 'cn-draft',
    kind: 'credit',
    client: 'reg29',
    against: 'b2b-inter',
    row: 'none',
    status: 'draft',
    line: { hsn: '998311', taxable: 3_000_00, rate: 18, kind: 'inter' },
  },
];

/** Taxable value and taxes in paise. */
interface Sums {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
const zero = (): Sums => ({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
/** The sums of table 3.2 by row and place of supply. */
type Table32 = Record<Row32, Map<string, Sums>>;
const table32 = (): Table32 => ({ unreg: new Map(), comp: new Map(), uin: new Map() });
const rowOf = (t: Table32, row: Row32, pos: string) => t[row].get(pos) ?? (t[row].set(pos, zero()), t[row].get(pos)!);
const p = (v: number | undefined) => Math.round((v ?? 0) * 100);
const add = (s: Sums, d: { txval?: number; iamt?: number; camt?: number; samt?: number; csamt?: number }, sign = 1, taxToo = true) => {
  s.txval += p(d.txval) * sign;
  if (!taxToo) return;
  s.iamt += p(d.iamt) * sign;
  s.camt += p(d.camt) * sign;
  s.samt += p(d.samt) * sign;
  s.csamt += p(d.csamt) * sign;
};
/** Rupee paise of an amount in a foreign currency at `rate` rupees per unit (4 decimals), rounded half-up. */
const inRupees = (amount: number, rate: string) => {
  const cents = BigInt(Math.round(amount * 100));
  const r = BigInt(Math.round(Number(rate) * 10000));
  const scaled = cents * r;
  const sign = scaled < BigInt(0) ? -1 : 1;
  const abs = scaled < BigInt(0) ? -scaled : scaled;
  return Number((abs + BigInt(5000)) / BigInt(10000)) * sign;
};

describe('GST returns: GSTR-1, GSTR-3B and the documents agree; GSTR-1A', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  const ids = new Map<string, number>();
  const numbers = new Map<string, string>();
  const get = (who: TestAccount, path: string) => t.http.get(path).set(who.auth);
  const post = (who: TestAccount, path: string, body: object) => t.http.post(path).set(who.auth).send(body);
  /** A new invoice of `who` dated `date` (due the same day) with `lines`. */
  const invoiceBody = (client: number | undefined, date: string, lines: LineSpec[], extra: object = {}, reverseCharge = false) => ({
    client_id: client,
    invoice_date: date,
    payment_due_date: date,
    items: lines.map((l) => lineBody(l, reverseCharge)),
    ...extra,
  });

  beforeAll(async () => {
    t = await startApp('gst_returns');
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
            phone: String(9400000000 + who.accountId * 100 + clients.size),
            email: `${key}${who.accountId}@example.com`,
            ...extra,
          })
          .expect(201)
      ).body.data.client.client_id as number;
    for (const [key, fields] of Object.entries(CLIENTS) as Array<[Client, object]>) clients.set(key, await mk(a, key, fields));

    for (const inv of INVOICES) {
      const extra = {
        status: inv.status,
        ...(inv.type ? { invoice_type: inv.type } : {}),
        ...(inv.lut ? { lut_number: 'AD270326000123X' } : {}),
        ...(inv.reverseCharge ? { reverse_charge: true } : {}),
        ...(inv.usd ? { currency: 'USD', exchange_rate: inv.usd } : {}),
      };
      const res = await post(a, '/v1/invoices', invoiceBody(clients.get(inv.client), inv.date, inv.lines, extra, inv.reverseCharge));
      if (res.status !== 201) throw new Error(`${inv.key}: ${JSON.stringify(res.body)}`);
      ids.set(inv.key, res.body.data.invoice_id as number);
      numbers.set(inv.key, res.body.data.invoice_number as string);
    }
    for (const note of NOTES) {
      const body = {
        client_id: clients.get(note.client),
        status: note.status ?? 'issued',
        ...(note.supplyType ? { supply_type: note.supplyType } : {}),
        ...(note.supplyType?.endsWith('without_payment') ? { lut_number: 'AD270326000123X' } : {}),
        items: [noteLine(note.line)],
      };
      const res =
        note.kind === 'credit'
          ? await post(a, '/v1/credit-notes', { ...body, credit_note_date: '2026-10-20', source_invoice_id: ids.get(note.against) })
          : await post(a, '/v1/debit-notes', { ...body, debit_note_date: '2026-10-20', original_invoice_id: ids.get(note.against) });
      if (res.status >= 300) throw new Error(`${note.key}: ${JSON.stringify(res.body)}`);
      ids.set(note.key, (res.body.data.credit_note_id ?? res.body.data.debit_note_id) as number);
    }
    await t.http
      .delete(`/v1/invoices/${ids.get('deleted')}`)
      .set(a.auth)
      .expect(200);
    // Another account's invoice of the same month never shows in A's returns.
    const bClient = await mk(b, 'breg', { gstin: gstinOf('29') });
    await post(b, '/v1/invoices', invoiceBody(bClient, `${OCT}10`, [{ hsn: '11111111', taxable: 99_999_00, rate: 18, kind: 'inter' }])).expect(201);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('GSTR-1 and GSTR-3B validate against the committed schemas; GSTR-3B says what it does not compute', async () => {
    const g1 = (await get(a, '/v1/exports/gstr1?period=2026-10').expect(200)).body.data;
    const ajv = new Ajv({ allErrors: true });
    expect(ajv.validate(gstr1Schema, g1) ? [] : ajv.errors).toEqual([]);
    const g3 = (await get(a, '/v1/exports/gstr3b?period=2026-10').expect(200)).body.data;
    expect(ajv.validate(gstr3bSchema, g3.return) ? [] : ajv.errors).toEqual([]);
    expect(g3.return).toMatchObject({ gstin: '27AAPFU0939F1ZV', ret_period: '102026' });
    expect(g3.remarks.find((r: { table: string }) => r.table === '4').remark).toMatch(/Input tax credit \(table 4\) is not computed.*no purchases/);
    expect(g3.return.sup_details.isup_rev).toEqual({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
    expect(g3.return.eco_dtls).toEqual({ eco_sup: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 }, eco_reg_sup: { txval: 0 } });
    expect(g3.return.inter_sup.comp_details.map((r: { pos: string }) => r.pos)).toEqual(['29']);
    expect(g3.return.inter_sup.uin_details.map((r: { pos: string }) => r.pos)).toEqual(['07']);
    expect(JSON.stringify([g1, g3])).not.toContain('11111111');
    expect(JSON.stringify(g1)).not.toContain(numbers.get('draft'));
  });

  it('3.1 (a), (b), (c) and 3.2 agree to the paisa: from the GSTR-1 tables, as GSTR-3B answers, and from the documents', async () => {
    const g1 = (await get(a, '/v1/exports/gstr1?period=2026-10').expect(200)).body.data;
    const g3 = (await get(a, '/v1/exports/gstr3b?period=2026-10').expect(200)).body.data.return;
    type Det = { txval: number; iamt?: number; camt?: number; samt?: number; csamt?: number };
    type Itm = { itm_det: Det };

    // 1. From GSTR-1's tables, as the portal maps them to GSTR-3B.
    const fromG1 = { det: zero(), zero: zero(), nil: 0, t32: table32() };
    const unreg = (pos: string) => rowOf(fromG1.t32, 'unreg', pos);
    // Composition dealers and UIN holders are B2B recipients; GSTR-1 knows them by their GSTIN (or UIN) only.
    const b2b32 = (ctin: string, pos: string, inter: boolean, d: Det, sign: number) => {
      const row = ROW32_OF_GSTIN.get(ctin);
      if (row && inter) add(rowOf(fromG1.t32, row, pos), d, sign);
    };
    for (const party of g1.b2b as Array<{ ctin: string; inv: Array<{ inv_typ: string; rchrg: string; pos: string; itms: Itm[] }> }>) {
      for (const inv of party.inv) {
        for (const x of inv.itms) {
          add(inv.inv_typ.startsWith('SEW') ? fromG1.zero : fromG1.det, x.itm_det, 1, inv.rchrg === 'N');
          b2b32(party.ctin, inv.pos, inv.pos !== '27', x.itm_det, 1);
        }
      }
    }
    for (const g of g1.b2cl as Array<{ pos: string; inv: Array<{ itms: Itm[] }> }>) {
      for (const x of g.inv.flatMap((i) => i.itms)) {
        add(fromG1.det, x.itm_det);
        add(unreg(g.pos), x.itm_det);
      }
    }
    for (const r of g1.b2cs as Array<Det & { sply_ty: string; pos: string }>) {
      add(fromG1.det, r);
      if (r.sply_ty === 'INTER') add(unreg(r.pos), r);
    }
    for (const e of g1.exp as Array<{ inv: Array<{ itms: Det[] }> }>) for (const d of e.inv.flatMap((i) => i.itms)) add(fromG1.zero, d);
    for (const party of g1.cdnr as Array<{ ctin: string; nt: Array<{ ntty: string; inv_typ: string; rchrg: string; pos: string; itms: Itm[] }> }>) {
      for (const n of party.nt) {
        for (const x of n.itms) {
          add(n.inv_typ.startsWith('SEW') ? fromG1.zero : fromG1.det, x.itm_det, n.ntty === 'C' ? -1 : 1, n.rchrg === 'N');
          b2b32(party.ctin, n.pos, n.pos !== '27', x.itm_det, n.ntty === 'C' ? -1 : 1);
        }
      }
    }
    for (const n of g1.cdnur as Array<{ typ: string; ntty: string; pos?: string; itms: Itm[] }>) {
      for (const x of n.itms) {
        add(n.typ === 'B2CL' ? fromG1.det : fromG1.zero, x.itm_det, n.ntty === 'C' ? -1 : 1);
        if (n.typ === 'B2CL') add(unreg(n.pos!), x.itm_det, n.ntty === 'C' ? -1 : 1);
      }
    }
    fromG1.nil = (g1.nil.inv as Array<{ expt_amt: number; nil_amt: number; ngsup_amt: number }>).reduce(
      (s, r) => s + p(r.expt_amt) + p(r.nil_amt) + p(r.ngsup_amt),
      0,
    );

    // 2. As GSTR-3B answers.
    const s = g3.sup_details;
    const rows32 = (rows: Array<{ pos: string; txval: number; iamt: number }>) =>
      new Map(rows.map((r) => [r.pos, { txval: p(r.txval), iamt: p(r.iamt), camt: 0, samt: 0, csamt: 0 }]));
    const from3b = {
      det: { txval: p(s.osup_det.txval), iamt: p(s.osup_det.iamt), camt: p(s.osup_det.camt), samt: p(s.osup_det.samt), csamt: p(s.osup_det.csamt) },
      zero: { txval: p(s.osup_zero.txval), iamt: p(s.osup_zero.iamt), camt: 0, samt: 0, csamt: p(s.osup_zero.csamt) },
      nil: p(s.osup_nil_exmp.txval),
      t32: { unreg: rows32(g3.inter_sup.unreg_details), comp: rows32(g3.inter_sup.comp_details), uin: rows32(g3.inter_sup.uin_details) } as Table32,
    };

    // 3. From the documents' own lines, read back through the API (USD lines in rupees at their exchange rate).
    const fromDocs = { det: zero(), zero: zero(), nil: 0, t32: table32() };
    const doc32 = (client: Client, pos: string, sums: Sums, sign = 1) => {
      const row = ROW32[client];
      if (row && pos !== '27') addSums(rowOf(fromDocs.t32, row, pos), sums, sign);
    };
    type ApiLine = { taxable_value: number; cgst_amount: number; sgst_amount: number; igst_amount: number; cess_amount?: number | null };
    const lineSums = (lines: ApiLine[], rate: string | null, taxToo: boolean): Sums => {
      const conv = (v: number | null | undefined) => (rate ? inRupees(v ?? 0, rate) : p(v ?? 0));
      const out = zero();
      for (const l of lines) {
        out.txval += conv(l.taxable_value);
        if (!taxToo) continue;
        out.iamt += conv(l.igst_amount);
        out.camt += conv(l.cgst_amount);
        out.samt += conv(l.sgst_amount);
        out.csamt += conv(l.cess_amount);
      }
      return out;
    };
    const addSums = (to: Sums, from: Sums, sign = 1) => {
      for (const k of Object.keys(to) as Array<keyof Sums>) to[k] += from[k] * sign;
    };
    for (const spec of INVOICES.filter((i) => i.row !== 'none')) {
      const doc = (await get(a, `/v1/invoices/${ids.get(spec.key)}`).expect(200)).body.data;
      expect(doc.status).toBe(spec.status);
      const rate = doc.currency === 'INR' ? null : String(doc.exchange_rate);
      if (spec.row === 'nil') {
        fromDocs.nil += p(doc.total_amount);
        continue;
      }
      const sums = lineSums(doc.items, rate, !doc.reverse_charge);
      addSums(spec.row === 'det' ? fromDocs.det : fromDocs.zero, sums);
      doc32(spec.client, doc.place_of_supply, sums);
    }
    for (const spec of NOTES.filter((n) => n.row !== 'none')) {
      const path = spec.kind === 'credit' ? 'credit-notes' : 'debit-notes';
      const doc = (await get(a, `/v1/${path}/${ids.get(spec.key)}`).expect(200)).body.data;
      const sums = lineSums(doc.items, null, !doc.reverse_charge);
      const sign = spec.kind === 'credit' ? -1 : 1;
      addSums(spec.row === 'det' ? fromDocs.det : fromDocs.zero, sums, sign);
      doc32(spec.client, doc.place_of_supply, sums, sign);
    }

    const asObject = (m: Map<string, Sums>) => Object.fromEntries([...m.entries()].sort().map(([k, v]) => [k, { txval: v.txval, iamt: v.iamt }]));
    expect(from3b.det).toEqual(fromG1.det);
    expect(from3b.det).toEqual(fromDocs.det);
    expect(from3b.zero).toEqual(fromG1.zero);
    expect(from3b.zero).toEqual(fromDocs.zero);
    expect(from3b.nil).toBe(fromG1.nil);
    expect(from3b.nil).toBe(fromDocs.nil);
    for (const row of ['unreg', 'comp', 'uin'] as const) {
      expect(asObject(from3b.t32[row])).toEqual(asObject(fromG1.t32[row]));
      expect(asObject(from3b.t32[row])).toEqual(asObject(fromDocs.t32[row]));
    }

    // What the sums hold, stated once by hand: 3.1(c) is both bills of supply; 3.2 to unregistered persons only Karnataka
    // (29), of the B2CL invoice, the inter-state B2CS one and their notes; to the composition dealer its invoice less its
    // credit note, to the UN body (Delhi, 07) its invoice; reverse charge adds its taxable value but not its tax.
    expect(from3b.nil).toBe(4_500_00 + 1_200_00);
    expect(asObject(from3b.t32.unreg)).toEqual({ '29': { txval: (1_50_000 + 20_000 - 10_000 + 1_000) * 100, iamt: (27_000 + 3_600 - 1_800 + 180) * 100 } });
    expect(asObject(from3b.t32.comp)).toEqual({ '29': { txval: (30_000 - 2_000) * 100, iamt: (5_400 - 360) * 100 } });
    expect(asObject(from3b.t32.uin)).toEqual({ '07': { txval: 12_000 * 100, iamt: 2_160 * 100 } });
    const usdTaxable = inRupees(1_234.56, '83.2567');
    expect(from3b.zero.txval).toBe((40_000 + 15_000 + 60_000 - 5_000 - 4_000) * 100 + usdTaxable);
    expect(from3b.zero.iamt).toBe((7_200 - 720) * 100 + inRupees(222.22, '83.2567'));
    expect(from3b.det.iamt).toBe((4_500 + 27_000 + 3_600 - 1_800 + 360 + 180 + 5_400 + 2_160 - 360) * 100);
    expect(from3b.det.txval).toBe(
      10_000_00 +
        2_000_33 +
        25_000_00 +
        8_000_00 +
        1_50_000_00 +
        20_000_00 +
        3_000_55 +
        30_000_00 +
        12_000_00 -
        (1_000_00 + 10_000_00 + 500_00 + 2_000_00) +
        (2_000_00 + 1_000_00),
    );
  });

  it('GSTR-3B as a workbook, for a quarter, and refused without a period, with a bad one, or without a GSTIN', async () => {
    const month = (await get(a, '/v1/exports/gstr3b?period=2026-10').expect(200)).body.data.return;
    const quarter = (await get(a, '/v1/exports/gstr3b?quarter=2026-Q3').expect(200)).body.data.return;
    expect(quarter.ret_period).toBe('122026');
    expect(quarter.sup_details).toEqual(month.sup_details);
    const xlsx = await get(a, '/v1/exports/gstr3b?period=2026-10&format=xlsx').buffer(true).parse(binary).expect(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['3.1', '3.1.1', '3.2', 'remarks']);
    expect(book.getWorksheet('3.1')!.getRow(2).getCell(2).value).toBe(month.sup_details.osup_det.txval);
    expect(book.getWorksheet('3.2')!.getRow(2).values).toEqual([undefined, 'Unregistered persons', '29', 161000, 28980]);

    for (const q of ['', 'period=2026-13', 'period=2026-10&quarter=2026-Q3', 'period=2026-10&format=pdf']) {
      expect((await get(a, `/v1/exports/gstr3b?${q}`).expect(400)).body.error.code).toBe('validation_error');
    }
    const noGstin = await t.createAccount({ name: 'Unregistered Shop' });
    expect((await get(noGstin, '/v1/exports/gstr3b?period=2026-10').expect(400)).body.error.details).toHaveProperty('business_gstin');
  });

  it('a foreign-currency document without exchange_rate makes GSTR-3B a 400 naming it, as GSTR-1', async () => {
    const foreign = (await get(a, `/v1/invoices/${ids.get('export-usd-with-payment')}`).expect(200)).body.data.client_id as number;
    const res = await post(
      a,
      '/v1/invoices',
      invoiceBody(foreign, '2026-11-05', [{ hsn: '84713010', taxable: 500_00, rate: 0, kind: 'none' }], {
        invoice_type: 'export',
        currency: 'USD',
        lut_number: 'AD270326000123X',
      }),
    ).expect(201);
    for (const form of ['gstr3b', 'gstr1']) {
      const refused = await get(a, `/v1/exports/${form}?period=2026-11`).expect(400);
      expect(refused.body.error.details.documents).toContain(res.body.data.invoice_number);
    }
  });

  describe('GSTR-1A', () => {
    it('is a 409 until the month is marked filed; marking is checked and done once', async () => {
      const before = await get(a, '/v1/exports/gstr1a?period=2026-10').expect(409);
      expect(before.body.error).toMatchObject({ code: 'conflict', details: { reason: 'not_filed' } });
      for (const period of ['2026-13', '10-2026', undefined]) {
        const bad = await t.http.post('/v1/exports/gstr1/filed').set(a.auth).send({ period }).expect(400);
        expect(bad.body.error.details).toHaveProperty('period');
      }
      expect((await get(a, '/v1/exports/gstr1a?period=2026-1').expect(400)).body.error.details).toHaveProperty('period');

      const filed = (await t.http.post('/v1/exports/gstr1/filed').set(a.auth).send({ period: '2026-10' }).expect(201)).body.data;
      const counted = INVOICES.filter((i) => i.row !== 'none').length + NOTES.filter((n) => n.row !== 'none').length;
      expect(filed).toMatchObject({ period: '2026-10', documents: counted });
      const again = await t.http.post('/v1/exports/gstr1/filed').set(a.auth).send({ period: '2026-10' }).expect(409);
      expect(again.body.error.details).toMatchObject({ reason: 'already_filed', filed_at: filed.filed_at });
      // Another account's marking is its own.
      await get(b, '/v1/exports/gstr1a?period=2026-10').expect(409);

      const unchanged = (await get(a, '/v1/exports/gstr1a?period=2026-10').expect(200)).body.data;
      expect(unchanged).toMatchObject({ fp: '102026', filed_at: filed.filed_at, changes: [], b2b: [], b2cl: [], b2cs: [], cdnr: [], cdnur: [], exp: [] });
      expect(unchanged.hsn).toEqual({ hsn_b2b: [], hsn_b2c: [] });
    });

    it('lists the documents created, changed, cancelled and deleted since, in GSTR-1 tables', async () => {
      const clientOf = async (key: string) => (await get(a, `/v1/invoices/${ids.get(key)}`).expect(200)).body.data.client_id as number;
      // Changed: the inter-state B2B invoice's line goes from 25,000 to 26,000.
      await t.http
        .patch(`/v1/invoices/${ids.get('b2b-inter')}`)
        .set(a.auth)
        .send({ items: [lineBody({ hsn: '998311', taxable: 26_000_00, rate: 18, kind: 'inter' })] })
        .expect(200);
      // Cancelled: the reverse-charge invoice. Deleted: the bill of supply to an unregistered client.
      await t.http
        .patch(`/v1/invoices/${ids.get('reverse-charge')}`)
        .set(a.auth)
        .send({ status: 'cancelled' })
        .expect(200);
      await t.http
        .delete(`/v1/invoices/${ids.get('bill-of-supply-b2c')}`)
        .set(a.auth)
        .expect(200);
      // Created: a new October invoice; and the draft issued now.
      const created = await post(
        a,
        '/v1/invoices',
        invoiceBody(await clientOf('b2b-intra'), `${OCT}25`, [{ hsn: '84713010', taxable: 3_000_00, rate: 18, kind: 'intra' }]),
      ).expect(201);
      const issued = (
        await t.http
          .patch(`/v1/invoices/${ids.get('draft')}`)
          .set(a.auth)
          .send({ status: 'issued' })
          .expect(200)
      ).body.data;
      const issuedNumber = (await get(a, `/v1/invoices/${ids.get('draft')}`).expect(200)).body.data.invoice_number as string;
      expect(issued).toBeDefined();
      // Not a change of the return: a payment recorded on another invoice, and a document of another month.
      await t.http
        .patch(`/v1/invoices/${ids.get('b2cl')}`)
        .set(a.auth)
        .send({ payment_status: 'paid' })
        .expect(200);
      await t.http
        .patch(`/v1/invoices/${ids.get('september')}`)
        .set(a.auth)
        .send({ status: 'cancelled' })
        .expect(200);

      const g1a = (await get(a, '/v1/exports/gstr1a?period=2026-10').expect(200)).body.data;
      const change = (key: string) => g1a.changes.find((c: { number: string }) => c.number === key)?.change;
      expect(g1a.changes).toHaveLength(5);
      expect(change(numbers.get('b2b-inter')!)).toBe('changed');
      expect(change(numbers.get('reverse-charge')!)).toBe('cancelled');
      expect(change(numbers.get('bill-of-supply-b2c')!)).toBe('deleted');
      expect(change(created.body.data.invoice_number)).toBe('created');
      expect(change(issuedNumber)).toBe('created');

      type B2b = { inum: string; val: number; rchrg: string; itms: Array<{ itm_det: { txval: number; iamt?: number } }> };
      const b2b = (g1a.b2b as Array<{ ctin: string; inv: B2b[] }>).flatMap((p) => p.inv);
      const entry = (key: string) => b2b.find((i) => i.inum === key)!;
      expect(b2b).toHaveLength(4);
      expect(entry(numbers.get('b2b-inter')!).itms[0].itm_det).toMatchObject({ txval: 26000, iamt: 4680 });
      expect(entry(numbers.get('reverse-charge')!)).toMatchObject({ val: 0, rchrg: 'Y', itms: [{ itm_det: { txval: 0, iamt: 0 } }] });
      expect(entry(created.body.data.invoice_number).itms[0].itm_det).toMatchObject({ txval: 3000, camt: 270, samt: 270 });
      expect(entry(issuedNumber).itms[0].itm_det).toMatchObject({ txval: 9999, iamt: 1799.82 });
      // The nil row of B2C supplies is gone (0); Table 12 rows of the codes touched, as they are now.
      expect(g1a.nil.inv).toEqual([{ sply_ty: 'INTRAB2C', expt_amt: 0, nil_amt: 0, ngsup_amt: 0 }]);
      expect(g1a.hsn.hsn_b2c).toEqual([expect.objectContaining({ hsn_sc: '0401', txval: 0 })]);
      expect(g1a.hsn.hsn_b2b.map((h: { hsn_sc: string }) => h.hsn_sc).sort()).toEqual(['8471', '9965', '9983']);
      expect(g1a.b2cl).toEqual([]);
      expect(g1a.b2cs).toEqual([]);
      expect(JSON.stringify(g1a)).not.toContain(numbers.get('b2cl'));
      expect(JSON.stringify(g1a)).not.toContain(numbers.get('september'));
    });
  });
});
