import Ajv from 'ajv';
import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import gstr1Schema from '../schemas/gstr1.schema.json';
import gstr3bSchema from '../schemas/gstr3b.schema.json';
import { startApp, TestAccount, TestApp } from './support/app-harness';

/**
 * One month (November 2026) of a Maharashtra business selling directly, through an operator that collects tax
 * (section 52) and through one that pays the tax (section 9(5)), to unregistered, registered, composition and UIN
 * clients: GSTR-1 Table 14 and B2CS, GSTR-3B 3.1(a), 3.1.1(ii) and 3.2, and the documents' own lines agree to the
 * paisa, and the operator rows are not empty.
 */
const gstinOf = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckCharacter(`${state}${pan}1Z`)}`;
const ECO_TCS = gstinOf('29', 'AABCF8078M');
const ECO_PAYS = gstinOf('27', 'AACCF6368D');
const p = (v: number | undefined) => Math.round((v ?? 0) * 100);

type Client = 'unreg27' | 'reg29' | 'comp29' | 'uin07';
const CLIENTS: Record<Client, object> = {
  unreg27: { state_code: '27' },
  reg29: { gstin: gstinOf('29', 'AAACH7409R') },
  comp29: { gstin: gstinOf('29', 'AABCC1234D'), registration_type: 'composition' },
  uin07: { gstin: '0717UNO00157UNO', registration_type: 'uin' },
};
interface Spec {
  key: string;
  client: Client;
  taxable: number;
  inter: boolean;
  eco?: '52' | '9(5)';
}
const INVOICES: Spec[] = [
  { key: 'direct', client: 'unreg27', taxable: 1_000_00, inter: false },
  { key: 'tcs-b2c', client: 'unreg27', taxable: 2_345_67, inter: false, eco: '52' },
  { key: 'tcs-b2b', client: 'reg29', taxable: 5_000_00, inter: true, eco: '52' },
  { key: 'pays-b2c', client: 'unreg27', taxable: 3_000_10, inter: false, eco: '9(5)' },
  { key: 'pays-b2b', client: 'reg29', taxable: 4_000_00, inter: true, eco: '9(5)' },
  { key: 'composition', client: 'comp29', taxable: 7_000_00, inter: true },
  { key: 'uin', client: 'uin07', taxable: 6_000_00, inter: true },
];
const ecoOf = (s: Spec) => (s.eco ? { ecommerce_gstin: s.eco === '52' ? ECO_TCS : ECO_PAYS, ecommerce_section: s.eco } : {});
const line = (taxable: number, inter: boolean) => {
  const tax = Math.round((taxable * 18) / 100);
  const half = Math.round(tax / 2);
  return {
    item_description: 'Service',
    hsn_code: '998314',
    quantity: 1,
    rate: taxable / 100,
    tax_rate: 18,
    cgst_amount: inter ? 0 : half / 100,
    sgst_amount: inter ? 0 : half / 100,
    igst_amount: inter ? tax / 100 : 0,
    total_amount: (taxable + (inter ? tax : 2 * half)) / 100,
  };
};

describe('GST returns: supplies through e-commerce operators, composition and UIN recipients', () => {
  let t: TestApp;
  let a: TestAccount;
  const ids = new Map<string, number>();
  const get = (path: string) => t.http.get(path).set(a.auth);

  beforeAll(async () => {
    t = await startApp('gst_ecommerce');
    a = await t.createAccount({ name: 'Sharma Traders', gstin: '27AAPFU0939F1ZV' });
    const clients = new Map<Client, number>();
    for (const [key, fields] of Object.entries(CLIENTS) as Array<[Client, object]>) {
      const res = await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({ name: `Client ${key}`, phone: String(9400000000 + clients.size), email: `${key}@example.com`, ...fields })
        .expect(201);
      clients.set(key, res.body.data.client.client_id as number);
    }
    for (const s of INVOICES) {
      const res = await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({
          client_id: clients.get(s.client),
          invoice_date: '2026-11-05',
          payment_due_date: '2026-11-05',
          status: 'issued',
          items: [line(s.taxable, s.inter)],
          ...ecoOf(s),
        });
      if (res.status !== 201) throw new Error(`${s.key}: ${JSON.stringify(res.body)}`);
      ids.set(s.key, res.body.data.invoice_id as number);
    }
    // A credit note against the 9(5) B2B invoice names no operator: it takes the invoice's.
    const cn = await t.http
      .post('/v1/credit-notes')
      .set(a.auth)
      .send({
        client_id: clients.get('reg29'),
        status: 'issued',
        credit_note_date: '2026-11-20',
        source_invoice_id: ids.get('pays-b2b'),
        items: [{ description: 'Refund', hsn_code: '998314', taxable_value: 500, tax_rate: 18, cgst_amount: 0, sgst_amount: 0, igst_amount: 90, amount: 590 }],
      });
    if (cn.status >= 300) throw new Error(JSON.stringify(cn.body));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('stores and answers the operator, and refuses half or wrong values with validation_error details', async () => {
    const doc = (await get(`/v1/invoices/${ids.get('tcs-b2b')}`).expect(200)).body.data;
    expect(doc).toMatchObject({ ecommerce_gstin: ECO_TCS, ecommerce_section: '52' });
    expect((await get(`/v1/invoices/${ids.get('direct')}`).expect(200)).body.data).toMatchObject({ ecommerce_gstin: null, ecommerce_section: null });
    const refused = async (body: object) => {
      const res = await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: doc.client_id, invoice_date: '2026-11-06', payment_due_date: '2026-11-06', items: [line(100_00, true)], ...body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      return res.body.error.details;
    };
    expect(await refused({ ecommerce_gstin: ECO_TCS })).toMatchObject({ ecommerce_section: expect.stringContaining('9(5)') });
    expect(await refused({ ecommerce_section: '52' })).toMatchObject({ ecommerce_gstin: expect.stringContaining('required') });
    expect(await refused({ ecommerce_gstin: ECO_TCS, ecommerce_section: '9(4)' })).toMatchObject({ ecommerce_section: 'must be one of 52, 9(5)' });
    expect(await refused({ ecommerce_gstin: `${ECO_TCS.slice(0, 14)}0`, ecommerce_section: '52' })).toHaveProperty('ecommerce_gstin');
  });

  it('GSTR-1 Table 14 and B2CS, GSTR-3B 3.1(a), 3.1.1(ii) and 3.2, and the documents agree to the paisa', async () => {
    const g1 = (await get('/v1/exports/gstr1?period=2026-11').expect(200)).body.data;
    const g3 = (await get('/v1/exports/gstr3b?period=2026-11').expect(200)).body.data.return;
    const ajv = new Ajv({ allErrors: true });
    expect(ajv.validate(gstr1Schema, g1) ? [] : ajv.errors).toEqual([]);
    expect(ajv.validate(gstr3bSchema, g3) ? [] : ajv.errors).toEqual([]);

    // The documents: 9(5) supplies (less the credit note) by value; the rest is 3.1(a).
    const taxable = (keys: string[]) => INVOICES.filter((s) => keys.includes(s.key)).reduce((sum, s) => sum + s.taxable, 0);
    const paysFromDocs = taxable(['pays-b2c', 'pays-b2b']) - 500_00;
    const detFromDocs = taxable(['direct', 'tcs-b2c', 'tcs-b2b', 'composition', 'uin']);

    // GSTR-1: Table 14(b) per operator; 3.1(a) from B2B and B2CS (no notes outside 14(b) this month).
    const paytx = g1.supeco.paytx as Array<{ etin: string; suppval: number }>;
    expect(paytx.map((r) => r.etin)).toEqual([ECO_PAYS]);
    const clttx = g1.supeco.clttx as Array<{ etin: string; suppval: number; igst: number; cgst: number; sgst: number }>;
    expect(clttx).toEqual([expect.objectContaining({ etin: ECO_TCS, suppval: taxable(['tcs-b2c', 'tcs-b2b']) / 100 })]);
    expect(g1.b2cs).toEqual(expect.arrayContaining([expect.objectContaining({ typ: 'E', etin: ECO_TCS, txval: 2_345.67 })]));
    const detFromG1 =
      (g1.b2b as Array<{ inv: Array<{ itms: Array<{ itm_det: { txval: number } }> }> }>)
        .flatMap((c) => c.inv.flatMap((i) => i.itms))
        .reduce((s, x) => s + p(x.itm_det.txval), 0) + (g1.b2cs as Array<{ txval: number }>).reduce((s, r) => s + p(r.txval), 0);
    expect(g1.cdnr).toEqual([]);

    // Three ways, to the paisa, and not empty.
    expect(p(g3.eco_dtls.eco_reg_sup.txval)).toBe(paysFromDocs);
    expect(p(paytx[0].suppval)).toBe(paysFromDocs);
    expect(paysFromDocs).toBeGreaterThan(0);
    expect(p(g3.sup_details.osup_det.txval)).toBe(detFromG1);
    expect(detFromG1).toBe(detFromDocs);

    // 3.2: the composition dealer and the UIN holder by their state, the 9(5) supply to Karnataka in no row.
    expect(g3.inter_sup.comp_details).toEqual([{ pos: '29', txval: 7_000, iamt: 1_260 }]);
    expect(g3.inter_sup.uin_details).toEqual([{ pos: '07', txval: 6_000, iamt: 1_080 }]);
    expect(g3.inter_sup.unreg_details).toEqual([]);
  });
});
