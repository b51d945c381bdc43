import { readEcommerceSupply } from '../tax/ecommerce';
import { buildGstr1, Gstr1Invoice, Gstr1Line, Gstr1Note } from './gstr1';
import { ecommerceOf, operatorPaysTax } from './gstr1-ecommerce';
import { buildGstr3b } from './gstr3b';

const ECO = '29AABCF8078M1ZX';
const ECO2 = '27AACCF6368D1ZM';
const REG29 = '29AAACH7409R1ZX';
const local = (taxable: string): Gstr1Line => {
  const half = ((Number(taxable) * 9) / 100).toFixed(2);
  return { hsnCode: '9983', description: 'Service', quantity: '1', unit: null, taxable, taxRate: '18', cgst: half, sgst: half, igst: '0.00' };
};
const inter = (taxable: string): Gstr1Line => ({ ...local(taxable), cgst: '0.00', sgst: '0.00', igst: ((Number(taxable) * 18) / 100).toFixed(2) });
const party = { clientGstin: null, clientStateCode: null, placeOfSupply: null, supplyType: null, reverseCharge: false };
const invoice = (number: string, over: Partial<Gstr1Invoice>): Gstr1Invoice => ({
  ...party,
  number,
  date: '2026-10-05',
  status: 'issued',
  invoiceType: 'local_sale',
  total: '1180.00',
  lines: [local('1000.00')],
  ...over,
});
const credit = (number: string, over: Partial<Gstr1Note>): Gstr1Note => ({
  ...party,
  kind: 'credit',
  number,
  date: '2026-10-20',
  status: 'issued',
  total: '118.00',
  lines: [local('100.00')],
  original: null,
  ...over,
});
const period = { gstin: '27AAPFU0939F1ZV', businessStateCode: '27', from: '2026-10-01', to: '2026-10-31', aggregateTurnover: null };
const tcs = { ecommerceGstin: ECO, ecommerceSection: '52' };
const pays = { ecommerceGstin: ECO2, ecommerceSection: '9(5)' };
const docs = {
  invoices: [
    invoice('D1', {}),
    invoice('T1', { ...tcs }),
    invoice('T2', { ...tcs, clientGstin: REG29, total: '2360.00', lines: [inter('2000.00')] }),
    invoice('P1', { ...pays, total: '5900.00', lines: [local('5000.00')] }),
    invoice('P2', { ...pays, clientStateCode: '29', total: '590.00', lines: [inter('500.00')] }),
  ],
  notes: [credit('C1', { ...pays }), credit('C2', { ...tcs })],
};

describe('supplies through an e-commerce operator', () => {
  it('classifies a document by its operator and section', () => {
    expect(ecommerceOf({ ...party, ...tcs })).toEqual({ gstin: ECO, section: '52' });
    expect(ecommerceOf({ ...party })).toBeNull();
    expect(ecommerceOf({ ...party, ecommerceGstin: ECO, ecommerceSection: null })).toBeNull();
    expect(operatorPaysTax({ ...party, ...pays })).toBe(true);
    expect(operatorPaysTax({ ...party, ...tcs })).toBe(false);
  });

  it('reads the fields: both or neither, a valid GSTIN, a known section; kept on PATCH unless sent', () => {
    const errs: Record<string, string> = {};
    const add = { add: (f: string, m: string) => (errs[f] = m) };
    expect(readEcommerceSupply({ ecommerceGstin: ECO.toLowerCase(), ecommerceSection: '9(5)' }, undefined, add)).toEqual({
      ecommerceGstin: ECO,
      ecommerceSection: '9(5)',
    });
    expect(readEcommerceSupply({}, { ecommerceGstin: ECO, ecommerceSection: '52' }, add)).toEqual({ ecommerceGstin: ECO, ecommerceSection: '52' });
    expect(readEcommerceSupply({ ecommerceGstin: null, ecommerceSection: null }, { ecommerceGstin: ECO, ecommerceSection: '52' }, add)).toEqual({
      ecommerceGstin: null,
      ecommerceSection: null,
    });
    expect(errs).toEqual({});
    const check = (input: { ecommerceGstin?: string | null; ecommerceSection?: string | null }) => {
      const e: Record<string, string> = {};
      readEcommerceSupply(input, undefined, { add: (f, m) => (e[f] = m) });
      return e;
    };
    expect(check({ ecommerceGstin: ECO })).toEqual({ ecommerceSection: expect.stringContaining('9(5)') });
    expect(check({ ecommerceSection: '52' })).toEqual({ ecommerceGstin: expect.stringContaining('required') });
    expect(check({ ecommerceGstin: ECO, ecommerceSection: '9(4)' })).toEqual({ ecommerceSection: 'must be one of 52, 9(5)' });
    expect(check({ ecommerceGstin: '29AABCF8078M1Z8', ecommerceSection: '52' })).toEqual({ ecommerceGstin: 'has an invalid check character' });
  });

  it('GSTR-1: section 52 supplies stay in their tables (B2CS typ E with etin) and in 14(a); 9(5) supplies only in 14(b)', () => {
    const ret = buildGstr1({ ...period, ...docs });
    expect(ret.b2b).toEqual([{ ctin: REG29, inv: [expect.objectContaining({ inum: 'T2' })] }]);
    expect(ret.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 1000, camt: 90, samt: 90, csamt: 0 },
      { sply_ty: 'INTRA', pos: '27', typ: 'E', etin: ECO, rt: 18, txval: 900, camt: 81, samt: 81, csamt: 0 },
    ]);
    expect(ret.cdnr).toEqual([]);
    expect(ret.supeco).toEqual({
      clttx: [{ etin: ECO, suppval: 2900, igst: 360, cgst: 81, sgst: 81, cess: 0, flag: 'N' }],
      paytx: [{ etin: ECO2, suppval: 5400, igst: 90, cgst: 441, sgst: 441, cess: 0, flag: 'N' }],
    });
    // Table 12 holds every supply, through an operator or not: 1000 + 1000 + 2000 + 5000 + 500 - 100 - 100.
    const hsnTotal = [...ret.hsn.hsn_b2b, ...ret.hsn.hsn_b2c].reduce((s, r) => s + r.txval, 0);
    expect(hsnTotal).toBe(9300);
  });

  it('GSTR-3B: 9(5) supplies fill 3.1.1(ii) and leave 3.1(a) and 3.2; section 52 supplies are in 3.1(a)', () => {
    const ret = buildGstr3b({ ...period, ...docs });
    expect(ret.eco_dtls).toEqual({ eco_sup: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 }, eco_reg_sup: { txval: 5400 } });
    expect(ret.sup_details.osup_det).toEqual({ txval: 3900, iamt: 360, camt: 171, samt: 171, csamt: 0 });
    expect(ret.inter_sup.unreg_details).toEqual([]);
    // The three ways agree: 3.1(a) + 3.1.1(ii) = Table 12 = the documents' taxable values.
    const g1 = buildGstr1({ ...period, ...docs });
    expect(ret.sup_details.osup_det.txval + ret.eco_dtls.eco_reg_sup.txval).toBe([...g1.hsn.hsn_b2b, ...g1.hsn.hsn_b2c].reduce((s, r) => s + r.txval, 0));
    expect(ret.eco_dtls.eco_reg_sup.txval).toBe(g1.supeco.paytx.reduce((s, r) => s + r.suppval, 0));
  });
});
