import { Gstr1Invoice, Gstr1Line, Gstr1Note } from './gstr1';
import { buildGstr1a } from './gstr1a';
import { buildGstr3b, gstr3bRemarks } from './gstr3b';

const line = (over: Partial<Gstr1Line> = {}): Gstr1Line => ({
  hsnCode: '84713010',
  description: 'Laptop',
  quantity: '1',
  unit: 'NOS',
  taxable: '1000.00',
  taxRate: '18',
  cgst: '90.00',
  sgst: '90.00',
  igst: '0.00',
  ...over,
});
const igst = (taxable: string) => line({ taxable, cgst: '0.00', sgst: '0.00', igst: ((Number(taxable) * 18) / 100).toFixed(2) });
const invoice = (over: Partial<Gstr1Invoice>): Gstr1Invoice => ({
  number: 'INV/26-27/0001',
  date: '2026-10-05',
  status: 'issued',
  invoiceType: 'local_sale',
  total: '1180.00',
  clientGstin: null,
  clientStateCode: null,
  placeOfSupply: null,
  supplyType: null,
  reverseCharge: false,
  lines: [line()],
  ...over,
});
const note = (over: Partial<Gstr1Note>): Gstr1Note => ({
  kind: 'credit',
  number: 'CN/26-27/0001',
  date: '2026-10-20',
  status: 'issued',
  total: '118.00',
  clientGstin: null,
  clientStateCode: null,
  placeOfSupply: null,
  supplyType: null,
  reverseCharge: false,
  lines: [igst('100.00')],
  original: null,
  ...over,
});
const period = { gstin: '27AAPFU0939F1ZV', businessStateCode: '27', from: '2026-10-01', to: '2026-10-31' };
const REG29 = '29AAACH7409R1ZX';

describe('GSTR-3B outward supplies', () => {
  it('puts each sale in its row: taxable 3.1(a), zero rated 3.1(b), bills of supply 3.1(c), unregistered inter-state also 3.2', () => {
    const ret = buildGstr3b({
      ...period,
      invoices: [
        invoice({ number: 'A1' }),
        invoice({ number: 'A2', clientGstin: REG29, lines: [igst('2000.00')] }),
        invoice({ number: 'A3', clientStateCode: '29', total: '590.00', lines: [igst('500.00')] }),
        invoice({ number: 'B1', clientGstin: REG29, invoiceType: 'sez', lines: [igst('3000.00')] }),
        invoice({ number: 'B2', invoiceType: 'export', lines: [line({ taxable: '4000.00', taxRate: '0', cgst: '0', sgst: '0' })] }),
        invoice({ number: 'C1', invoiceType: 'bill_of_supply', total: '700.00', lines: [line({ taxable: '700.00', taxRate: '0', cgst: '0', sgst: '0' })] }),
        invoice({ number: 'R1', clientGstin: REG29, reverseCharge: true, total: '800.00', lines: [igst('800.00')] }),
        invoice({ number: 'D1', status: 'draft', lines: [igst('99999.00')] }),
        invoice({ number: 'X1', status: 'cancelled', lines: [igst('99999.00')] }),
        invoice({ number: 'S1', date: '2026-09-30', lines: [igst('99999.00')] }),
      ],
      notes: [note({ clientStateCode: '29', original: { number: 'A3', date: '2026-10-05', total: '590.00', invoiceType: 'local_sale' } })],
    });
    expect(ret.ret_period).toBe('102026');
    expect(ret.sup_details.osup_det).toEqual({ txval: 1000 + 2000 + 500 + 800 - 100, iamt: 360 + 90 - 18, camt: 90, samt: 90, csamt: 0 });
    expect(ret.sup_details.osup_zero).toEqual({ txval: 7000, iamt: 540, csamt: 0 });
    expect(ret.sup_details.osup_nil_exmp).toEqual({ txval: 700 });
    expect(ret.inter_sup.unreg_details).toEqual([{ pos: '29', txval: 400, iamt: 72 }]);
  });

  it('3.2: inter-state supplies to composition dealers and UIN holders by the client registration type, notes included', () => {
    const UIN07 = '0717UNO00157UNO';
    const comp = { clientGstin: REG29, clientRegistrationType: 'composition' };
    const ret = buildGstr3b({
      ...period,
      invoices: [
        invoice({ number: 'C1', ...comp, lines: [igst('1000.00')] }),
        invoice({ number: 'C2', clientGstin: '27AAACH7409R1ZX', clientRegistrationType: 'composition' }),
        invoice({ number: 'U1', clientGstin: UIN07, clientRegistrationType: 'uin', lines: [igst('2000.00')] }),
        invoice({ number: 'R1', clientGstin: REG29, clientRegistrationType: 'regular', lines: [igst('500.00')] }),
        invoice({ number: 'Z1', ...comp, invoiceType: 'sez', lines: [igst('700.00')] }),
      ],
      notes: [note({ ...comp, original: { number: 'C1', date: '2026-10-05', total: '1180.00', invoiceType: 'local_sale' } })],
    });
    expect(ret.inter_sup.comp_details).toEqual([{ pos: '29', txval: 900, iamt: 162 }]);
    expect(ret.inter_sup.uin_details).toEqual([{ pos: '07', txval: 2000, iamt: 360 }]);
    expect(ret.inter_sup.unreg_details).toEqual([]);
    expect(ret.sup_details.osup_det.txval).toBe(1000 + 1000 + 2000 + 500 - 100);
  });

  it('says when a net amount is below zero', () => {
    const ret = buildGstr3b({ ...period, invoices: [], notes: [note({})] });
    expect(ret.sup_details.osup_det.txval).toBe(-100);
    expect(
      gstr3bRemarks(ret)
        .map((r) => r.remark)
        .join(' '),
    ).toMatch(/below zero.*osup_det\.txval/);
  });
});

describe('GSTR-1A', () => {
  const filedDocs = [
    invoice({ number: 'A1' }),
    invoice({ number: 'A2', clientStateCode: '27', total: '590.00', lines: [line({ taxable: '500.00', cgst: '45.00', sgst: '45.00' })] }),
  ];
  const input = (invoices: Gstr1Invoice[], retained: Array<{ kind: 'invoice'; number: string; date: string }> = []) =>
    buildGstr1a({
      ...period,
      aggregateTurnover: null,
      filedAt: '2026-11-05 10:00:00',
      filed: { aggregateTurnover: null, invoices: filedDocs, notes: [] },
      invoices,
      notes: [],
      retained,
    });

  it('is empty when nothing the return reports changed (archiving is no change)', () => {
    const ret = input([{ ...filedDocs[0], status: 'archived' }, filedDocs[1]]);
    expect(ret.changes).toEqual([]);
    expect([ret.b2b, ret.b2cs, ret.hsn.hsn_b2b, ret.hsn.hsn_b2c]).toEqual([[], [], [], []]);
  });

  it('lists a changed B2CS sale by its row, and a deleted one as the row at 0', () => {
    const changed = input([filedDocs[0], { ...filedDocs[1], lines: [line({ taxable: '600.00', cgst: '54.00', sgst: '54.00' })] }]);
    expect(changed.changes).toEqual([{ document_type: 'invoice', number: 'A2', date: '2026-10-05', change: 'changed' }]);
    expect(changed.b2cs).toEqual([{ sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 1600, camt: 144, samt: 144, csamt: 0 }]);

    const gone = input([], [{ kind: 'invoice', number: 'A1', date: '2026-10-05' }]);
    expect(gone.changes.map((c) => [c.number, c.change])).toEqual([
      ['A1', 'deleted'],
      ['A2', 'changed'],
    ]);
    expect(gone.b2cs).toEqual([{ sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 0, camt: 0, samt: 0, csamt: 0 }]);
  });
});
