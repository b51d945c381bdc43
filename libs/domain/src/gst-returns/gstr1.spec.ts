import { buildGstr1, classifySale, gstr1Period, Gstr1Invoice, Gstr1Line, Gstr1Note, hsnDigits, noteLinesFromAmounts } from './gstr1';
import { placeOfSupply } from './place-of-supply';

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
const inter = (taxable: string, rate = '18') =>
  line({ taxable, taxRate: rate, cgst: '0.00', sgst: '0.00', igst: ((Number(taxable) * Number(rate)) / 100).toFixed(2) });

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

const base = { gstin: '27AAPFU0939F1ZV', businessStateCode: '27', from: '2026-10-01', to: '2026-10-31', aggregateTurnover: null };

describe('place of supply', () => {
  it('is the stored one, else the client GSTIN state, else the client state, else the business state', () => {
    expect(placeOfSupply({ placeOfSupply: '7', clientGstin: '29AAACH7409R1ZX', clientStateCode: '33', businessStateCode: '27' })).toBe('07');
    expect(placeOfSupply({ placeOfSupply: null, clientGstin: '29AAACH7409R1ZX', clientStateCode: '33', businessStateCode: '27' })).toBe('29');
    expect(placeOfSupply({ placeOfSupply: null, clientGstin: null, clientStateCode: '33', businessStateCode: '27' })).toBe('33');
    expect(placeOfSupply({ placeOfSupply: null, clientGstin: null, clientStateCode: null, businessStateCode: '27' })).toBe('27');
  });
});

describe('GSTR-1 classification', () => {
  it('B2CL is inter-state to unregistered above 1 lakh from 2024-08-01, 2.5 lakh before', () => {
    const doc = (date: string, total: string) => invoice({ date, total, clientStateCode: '29', lines: [inter(total)] });
    expect(classifySale(doc('2024-08-01', '100000.01'), '27').cls).toBe('b2cl');
    expect(classifySale(doc('2024-08-01', '100000.00'), '27').cls).toBe('b2cs');
    expect(classifySale(doc('2024-07-31', '200000.00'), '27').cls).toBe('b2cs');
    expect(classifySale(doc('2024-07-31', '250000.01'), '27').cls).toBe('b2cl');
    expect(classifySale({ ...doc('2026-10-01', '500000.00'), clientStateCode: '27' }, '27').cls).toBe('b2cs');
  });

  it('registered clients are B2B, SEZ with or without payment, exports with or without payment', () => {
    expect(classifySale(invoice({ clientGstin: '29AAACH7409R1ZX' }), '27')).toMatchObject({ cls: 'b2b', pos: '29', inter: true, invTyp: 'R' });
    expect(classifySale(invoice({ clientGstin: '27AAACH7409R1ZX' }), '27')).toMatchObject({ cls: 'b2b', inter: false });
    expect(classifySale(invoice({ clientGstin: '27AAACH7409R1ZX', invoiceType: 'sez', lines: [line({ cgst: '0', sgst: '0' })] }), '27')).toMatchObject({
      invTyp: 'SEWOP',
      inter: true,
    });
    expect(classifySale(invoice({ invoiceType: 'export', lines: [inter('1000')] }), '27')).toMatchObject({ cls: 'exp', expTyp: 'WPAY', pos: '96' });
    expect(classifySale(invoice({ invoiceType: 'export', lines: [line({ cgst: '0', sgst: '0' })] }), '27')).toMatchObject({ cls: 'exp', expTyp: 'WOPAY' });
    expect(classifySale(invoice({ supplyType: 'deemed_export', clientGstin: '29AAACH7409R1ZX' }), '27')).toMatchObject({ cls: 'b2b', invTyp: 'DE' });
  });

  it('HSN digits follow the turnover: 4 up to 5 crore, 6 above', () => {
    expect(hsnDigits(null)).toBe(4);
    expect(hsnDigits('50000000')).toBe(4);
    expect(hsnDigits('50000000.01')).toBe(6);
  });

  it('periods: a month, or a quarter of the financial year', () => {
    expect(gstr1Period('2026-10', undefined)).toEqual({ from: '2026-10-01', to: '2026-10-31', label: '2026-10' });
    expect(gstr1Period(undefined, '2026-Q3')).toEqual({ from: '2026-10-01', to: '2026-12-31', label: '2026-Q3' });
    expect(gstr1Period(undefined, '2026-Q4')).toEqual({ from: '2027-01-01', to: '2027-03-31', label: '2026-Q4' });
    expect(gstr1Period('2026-13', undefined)).toBeNull();
    expect(gstr1Period('2026-10', '2026-Q3')).toBeNull();
    expect(gstr1Period(undefined, undefined)).toBeNull();
  });

  it('note amounts are split at the rate of the invoice, CGST equal to SGST', () => {
    expect(noteLinesFromAmounts([{ description: 'x', amount: '1180.00' }], '18', false)[0]).toMatchObject({ taxable: '1000.00', cgst: '90.00', sgst: '90.00' });
    expect(noteLinesFromAmounts([{ description: 'x', amount: '100.01' }], '5', true)[0]).toMatchObject({ taxable: '95.25', igst: '4.76' });
    expect(noteLinesFromAmounts([{ description: 'x', amount: '50' }], '0', true)[0]).toMatchObject({ taxable: '50.00', igst: '0.00' });
  });
});

describe('buildGstr1', () => {
  const invoices: Gstr1Invoice[] = [
    invoice({ number: 'INV/26-27/0001', clientGstin: '29AAACH7409R1ZX', total: '1180.00', lines: [inter('1000')] }),
    invoice({ number: 'INV/26-27/0002', clientGstin: '29AAACH7409R1ZX', total: '2360.00', lines: [inter('1000'), inter('1000')] }),
    invoice({ number: 'INV/26-27/0003', clientStateCode: '29', total: '236000.00', lines: [inter('200000')] }),
    invoice({ number: 'INV/26-27/0004', clientStateCode: '27', total: '1180.00' }),
    invoice({ number: 'INV/26-27/0005', clientStateCode: '27', total: '1180.00' }),
    invoice({ number: 'INV/26-27/0006', status: 'cancelled', clientGstin: '29AAACH7409R1ZX' }),
    invoice({ number: 'INV/26-27/0007', date: '2026-11-01' }),
    invoice({ number: 'INV/26-27/0008', invoiceType: 'export', total: '1000.00', lines: [line({ cgst: '0', sgst: '0', taxRate: '0' })] }),
  ];
  const notes: Gstr1Note[] = [
    {
      kind: 'credit',
      number: 'CN/26-27/0001',
      date: '2026-10-20',
      status: 'issued',
      total: '1180.00',
      clientGstin: '29AAACH7409R1ZX',
      clientStateCode: null,
      placeOfSupply: null,
      supplyType: null,
      reverseCharge: false,
      lines: noteLinesFromAmounts([{ description: 'return', amount: '1180.00' }], '18', true),
      original: { number: 'INV/26-27/0001', date: '2026-10-05', total: '1180.00', invoiceType: 'local_sale' },
    },
    {
      kind: 'debit',
      number: 'DN/26-27/0001',
      date: '2026-10-21',
      status: 'issued',
      total: '118.00',
      clientGstin: null,
      clientStateCode: '27',
      placeOfSupply: null,
      supplyType: null,
      reverseCharge: false,
      lines: noteLinesFromAmounts([{ description: 'freight', amount: '118.00' }], '18', false),
      original: null,
    },
  ];
  const ret = buildGstr1({ ...base, invoices: [...invoices, invoice({ number: 'INV/26-27/0009', status: 'draft' })], notes });

  it('DOC_ISSUE counts deleted numbers as cancelled, totnum over the range, and leaves provisional draft numbers out', () => {
    const withDeleted = buildGstr1({
      ...base,
      invoices: [...invoices, invoice({ number: 'DRAFT/26-27/0003', status: 'cancelled' }), invoice({ number: 'DRAFT/26-27/0004', status: 'draft' })],
      notes,
      retained: [
        { kind: 'invoice', number: 'INV/26-27/0007', date: '2026-10-20' },
        { kind: 'invoice', number: 'INV/26-27/0009', date: '2026-10-21' },
        { kind: 'credit', number: 'CN/26-27/0002', date: '2026-10-21' },
        { kind: 'debit', number: 'DN/26-27/0002', date: '2026-11-01' },
      ],
    });
    const docs = (n: number) => withDeleted.doc_issue.doc_det.find((d) => d.doc_num === n)!.docs;
    expect(docs(1)).toEqual([{ num: 1, from: 'INV/26-27/0001', to: 'INV/26-27/0009', totnum: 9, cancel: 3, net_issue: 6 }]);
    expect(docs(5)).toEqual([{ num: 1, from: 'CN/26-27/0001', to: 'CN/26-27/0002', totnum: 2, cancel: 1, net_issue: 1 }]);
    expect(docs(4)).toEqual([{ num: 1, from: 'DN/26-27/0001', to: 'DN/26-27/0001', totnum: 1, cancel: 0, net_issue: 1 }]);
    expect(JSON.stringify(withDeleted)).not.toContain('DRAFT');
    expect(JSON.stringify({ ...withDeleted, doc_issue: null })).not.toContain('INV/26-27/0009');
  });

  it('puts each invoice in its table, leaves out drafts and other months, and cancelled ones outside DOC_ISSUE', () => {
    expect(ret.fp).toBe('102026');
    expect(ret.b2b).toEqual([
      {
        ctin: '29AAACH7409R1ZX',
        inv: [
          expect.objectContaining({
            inum: 'INV/26-27/0001',
            idt: '05-10-2026',
            val: 1180,
            pos: '29',
            itms: [{ num: 1, itm_det: { txval: 1000, rt: 18, iamt: 180, csamt: 0 } }],
          }),
          expect.objectContaining({ inum: 'INV/26-27/0002', itms: [{ num: 1, itm_det: { txval: 2000, rt: 18, iamt: 360, csamt: 0 } }] }),
        ],
      },
    ]);
    expect(ret.b2cl).toEqual([{ pos: '29', inv: [expect.objectContaining({ inum: 'INV/26-27/0003', val: 236000 })] }]);
    // Two intra-state B2C invoices and a debit note to an unregistered client in the same state.
    expect(ret.b2cs).toEqual([{ sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 2100, camt: 189, samt: 189, csamt: 0 }]);
    expect(ret.exp).toEqual([
      { exp_typ: 'WOPAY', inv: [expect.objectContaining({ inum: 'INV/26-27/0008', itms: [{ txval: 1000, rt: 0, iamt: 0, csamt: 0 }] })] },
    ]);
    expect(ret.cdnr).toEqual([
      {
        ctin: '29AAACH7409R1ZX',
        nt: [
          expect.objectContaining({ ntty: 'C', nt_num: 'CN/26-27/0001', val: 1180, itms: [{ num: 1, itm_det: { txval: 1000, rt: 18, iamt: 180, csamt: 0 } }] }),
        ],
      },
    ]);
    expect(ret.cdnur).toEqual([]);
    expect(ret.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        // 0007 is dated in November: the series is reported around it, each range holding exactly the numbers it counts.
        docs: [
          { num: 1, from: 'INV/26-27/0001', to: 'INV/26-27/0006', totnum: 6, cancel: 1, net_issue: 5 },
          { num: 2, from: 'INV/26-27/0008', to: 'INV/26-27/0008', totnum: 1, cancel: 0, net_issue: 1 },
        ],
      },
      { doc_num: 4, doc_typ: 'Debit Note', docs: [{ num: 1, from: 'DN/26-27/0001', to: 'DN/26-27/0001', totnum: 1, cancel: 0, net_issue: 1 }] },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN/26-27/0001', to: 'CN/26-27/0001', totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
  });

  it('summarises HSN at 4 digits for a small business, 6 above 5 crore', () => {
    expect(ret.hsn.data.map((h) => [h.hsn_sc, h.rt, h.txval])).toEqual([
      ['8471', 0, 1000],
      ['8471', 18, 205000],
    ]);
    const big = buildGstr1({ ...base, aggregateTurnover: '60000000', invoices, notes: [] });
    expect(big.hsn.data.map((h) => h.hsn_sc)).toEqual(['847130', '847130']);
  });

  it('an unregistered note against a B2CL invoice or an export goes to CDNUR', () => {
    const note: Gstr1Note = {
      ...notes[0],
      clientGstin: null,
      clientStateCode: '29',
      original: { number: 'INV/26-27/0003', date: '2026-10-05', total: '236000.00', invoiceType: 'local_sale' },
    };
    const exportNote: Gstr1Note = {
      ...note,
      number: 'CN/26-27/0002',
      original: { ...note.original!, invoiceType: 'export' },
      lines: noteLinesFromAmounts([{ description: 'x', amount: '10' }], '0', true),
    };
    const r = buildGstr1({ ...base, invoices: [], notes: [note, exportNote] });
    expect(r.cdnur).toEqual([
      expect.objectContaining({ typ: 'B2CL', pos: '29', ntty: 'C' }),
      expect.objectContaining({ typ: 'EXPWOP', nt_num: 'CN/26-27/0002' }),
    ]);
    expect(r.cdnur[1]).not.toHaveProperty('pos');
  });
});
