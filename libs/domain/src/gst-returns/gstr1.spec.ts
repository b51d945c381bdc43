import { apportion, buildGstr1, classifySale, gstr1Period, Gstr1Invoice, Gstr1Line, Gstr1Note, Gstr1Return, hsnDigits, noteLinesFromAmounts } from './gstr1';
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

  it('summarises HSN at 4 digits for a small business, 6 above 5 crore, registered recipients apart from the rest', () => {
    // B2B: 1,000 + 2,000 less the credit note's 1,000 (no line code and no known invoice lines: the period's B2B codes).
    expect(ret.hsn.hsn_b2b.map((h) => [h.hsn_sc, h.rt, h.txval, h.iamt])).toEqual([['8471', 18, 2000, 360]]);
    // B2C: B2CL 2,00,000, B2CS 2 x 1,000 and the debit note's 100, the export at rate 0.
    expect(ret.hsn.hsn_b2c.map((h) => [h.hsn_sc, h.rt, h.txval])).toEqual([
      ['8471', 0, 1000],
      ['8471', 18, 202100],
    ]);
    const big = buildGstr1({ ...base, aggregateTurnover: '60000000', invoices, notes: [] });
    expect(big.hsn.hsn_b2b.map((h) => h.hsn_sc)).toEqual(['847130']);
    expect(big.hsn.hsn_b2c.map((h) => h.hsn_sc)).toEqual(['847130', '847130']);
  });

  it('apportions paise in proportion, the rounding left to the largest remainders, adding up exactly', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(-1001, [3000, 1000])).toEqual([-751, -250]);
    expect(apportion(7, [0, 0])).toEqual([4, 3]);
    expect(apportion(5, [])).toEqual([]);
  });

  describe('Table 12 reconciles with the other tables', () => {
    const reg = { clientGstin: '29AAACH7409R1ZX' };
    const month: Gstr1Invoice[] = [
      invoice({
        number: 'INV/26-27/0101',
        ...reg,
        total: '4720.00',
        lines: [inter('3000'), { ...inter('1000'), hsnCode: '998314', unit: null, description: 'Support' }],
      }),
      invoice({ number: 'INV/26-27/0102', clientStateCode: '27', total: '1180.00' }),
      invoice({ number: 'INV/26-27/0103', clientStateCode: '29', total: '236000.00', lines: [inter('200000')] }),
      invoice({ number: 'INV/26-27/0104', invoiceType: 'export', total: '500.00', lines: [line({ taxable: '500.00', taxRate: '0', cgst: '0', sgst: '0' })] }),
      // Bills of supply: one to a registered recipient, one to an unregistered one.
      invoice({
        number: 'BOS/0001',
        invoiceType: 'bill_of_supply',
        ...reg,
        total: '700.00',
        lines: [line({ hsnCode: '0401', taxable: '700.00', taxRate: '0', cgst: '0', sgst: '0' })],
      }),
      invoice({
        number: 'BOS/0002',
        invoiceType: 'bill_of_supply',
        clientStateCode: '27',
        total: '300.00',
        lines: [line({ hsnCode: '0401', taxable: '300.00', taxRate: '0', cgst: '0', sgst: '0' })],
      }),
    ];
    const party = { clientStateCode: null, placeOfSupply: null, supplyType: null, reverseCharge: false, status: 'issued', date: '2026-10-25' };
    const monthNotes: Gstr1Note[] = [
      // A credit note without line HSN against the two-code invoice: 3,000 : 1,000 of its taxable value.
      {
        ...party,
        ...reg,
        kind: 'credit',
        number: 'CN/26-27/0101',
        total: '1001.00',
        lines: noteLinesFromAmounts([{ description: 'rate difference', amount: '1001.00' }], '18', true),
        original: { number: 'INV/26-27/0101', date: '2026-10-05', total: '4720.00', invoiceType: 'local_sale', lines: month[0].lines },
      },
      // Against a B2CL invoice (CDNUR), its lines not known: the period's B2C codes.
      {
        ...party,
        clientGstin: null,
        clientStateCode: '29',
        kind: 'credit',
        number: 'CN/26-27/0102',
        total: '1180.00',
        lines: noteLinesFromAmounts([{ description: 'return', amount: '1180.00' }], '18', true),
        original: { number: 'INV/26-27/0103', date: '2026-10-05', total: '236000.00', invoiceType: 'local_sale' },
      },
      // A debit note to the registered recipient against nothing: the period's B2B codes.
      {
        ...party,
        ...reg,
        kind: 'debit',
        number: 'DN/26-27/0101',
        total: '59.00',
        lines: noteLinesFromAmounts([{ description: 'freight', amount: '59.00' }], '18', true),
        original: null,
      },
    ];
    const r = buildGstr1({ ...base, invoices: month, notes: monthNotes });

    type Amounts = { txval: number; iamt: number; camt: number; samt: number; csamt: number };
    const zero = (): Amounts => ({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
    const add = (into: Amounts, d: Partial<Amounts>, sign = 1) => {
      for (const k of Object.keys(into) as Array<keyof Amounts>) into[k] += Math.round((d[k] ?? 0) * 100) * sign;
      return into;
    };
    /** The other tables, by tab: B2B + NIL(B2B) - CDNR, and B2CL + B2CS + EXP + NIL(B2C) - CDNUR. */
    const others = (ret: Gstr1Return) => {
      const b2b = zero();
      const b2c = zero();
      ret.b2b.forEach((p) => p.inv.forEach((i) => i.itms.forEach((x) => add(b2b, x.itm_det))));
      ret.cdnr.forEach((p) => p.nt.forEach((n) => n.itms.forEach((x) => add(b2b, x.itm_det, n.ntty === 'C' ? -1 : 1))));
      ret.b2cl.forEach((p) => p.inv.forEach((i) => i.itms.forEach((x) => add(b2c, x.itm_det))));
      ret.b2cs.forEach((x) => add(b2c, x));
      ret.exp.forEach((e) => e.inv.forEach((i) => i.itms.forEach((x) => add(b2c, x))));
      ret.cdnur.forEach((n) => n.itms.forEach((x) => add(b2c, x.itm_det, n.ntty === 'C' ? -1 : 1)));
      ret.nil.inv.forEach((n) => add(n.sply_ty.endsWith('B2B') ? b2b : b2c, { txval: n.expt_amt + n.nil_amt + n.ngsup_amt }));
      return { b2b, b2c };
    };
    const table12 = (rows: Amounts[]) => rows.reduce((s, h) => add(s, h), zero());

    it('each tab equals its tables, and the two tabs together all of them, to the paisa', () => {
      const o = others(r);
      expect(table12(r.hsn.hsn_b2b)).toEqual(o.b2b);
      expect(table12(r.hsn.hsn_b2c)).toEqual(o.b2c);
      const both = Object.fromEntries(Object.keys(o.b2b).map((k) => [k, o.b2b[k as keyof Amounts] + o.b2c[k as keyof Amounts]]));
      expect(table12([...r.hsn.hsn_b2b, ...r.hsn.hsn_b2c])).toEqual(both);
      // B2B: 4,000 of sales + 700 bill of supply - 1,001 credit (848.31 taxable) + 59 debit (50 taxable).
      expect(table12(r.hsn.hsn_b2b)).toEqual({ txval: 4000_00 + 700_00 - 848_31 + 50_00, iamt: 720_00 - 152_69 + 9_00, camt: 0, samt: 0, csamt: 0 });
    });

    it('bills of supply are rows at rate 0 in the tab of their recipient', () => {
      expect(r.hsn.hsn_b2b.find((h) => h.hsn_sc === '0401')).toMatchObject({ rt: 0, txval: 700, iamt: 0, camt: 0, samt: 0 });
      expect(r.hsn.hsn_b2c.find((h) => h.hsn_sc === '0401')).toMatchObject({ rt: 0, txval: 300, iamt: 0, camt: 0, samt: 0 });
    });

    it('a note line without a code takes the codes of its invoice in proportion to their taxable values', () => {
      // 848.31 taxable and 152.69 IGST split 3 : 1, with the debit note's 50 + 9 on the same 3 : 1 (period B2B codes).
      expect(r.hsn.hsn_b2b.find((h) => h.hsn_sc === '8471')).toMatchObject({ rt: 18, txval: 3000 - 636.23 + 37.5, iamt: 540 - 114.52 + 6.75 });
      expect(r.hsn.hsn_b2b.find((h) => h.hsn_sc === '9983')).toMatchObject({ uqc: 'NA', rt: 18, txval: 800.42, iamt: 144.08 }); // 1,000 - 212.08 + 12.50 and 180 - 38.17 + 2.25
    });
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
