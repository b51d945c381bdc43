import { buildCaSyncWorkbook, CaSyncData, CaSyncInvoice, CaSyncInvoiceLine } from './ca-sync-workbook';

const period = { from: '2026-10-01', to: '2026-10-31', label: '2026-10' };
const invoice = (id: number, number: string, date: string, total: string): CaSyncInvoice => ({
  id,
  number,
  date,
  clientName: `Client ${id}`,
  clientGstin: null,
  placeOfSupply: '27',
  invoiceType: 'tax_invoice',
  status: 'issued',
  total,
});
const line = (invoiceId: number, hsnCode: string, taxRate: string, lineTotal: string, cgst: string, sgst: string, igst: string): CaSyncInvoiceLine => ({
  invoiceId,
  hsnCode,
  taxRate,
  lineTotal,
  cgst,
  sgst,
  igst,
});

const data: CaSyncData = {
  invoices: [invoice(2, 'INV-2', '2026-10-20', '1180.00'), invoice(1, 'INV-1', '2026-10-05', '1155.00')],
  lines: [
    line(1, '9983', '18', '590.00', '45.00', '45.00', '0.00'),
    line(1, '4901', '5', '565.00', '0.00', '0.00', '26.90'),
    line(2, '9983', '18', '1180.00', '0.00', '0.00', '180.00'),
    line(99, '1', '18', '100.00', '0', '0', '0'), // not a counted invoice: ignored
  ],
  notes: [
    { kind: 'debit', number: 'DN-1', date: '2026-10-10', clientName: 'Client 1', clientGstin: null, againstInvoice: null, status: 'issued', amount: '50.00' },
    {
      kind: 'credit',
      number: 'CN-1',
      date: '2026-10-11',
      clientName: 'Client 1',
      clientGstin: null,
      againstInvoice: 'INV-1',
      status: 'issued',
      amount: '100.00',
    },
  ],
  expenses: [
    {
      date: '2026-10-03',
      description: 'Audit fee',
      category: 'professional',
      vendorName: 'Rao & Co',
      vendorPan: 'AAAFR1234K',
      paymentMethod: 'bank',
      status: 'paid',
      amount: '50000.00',
      tdsSection: '194J',
      tdsAmount: '5000.00',
    },
  ],
  tds: [
    {
      direction: 'payable',
      date: '2026-10-03',
      reference: 'Audit fee',
      party: 'Rao & Co',
      pan: 'AAAFR1234K',
      section: '194J',
      rate: '10',
      amount: '5000.00',
      challanNumber: null,
      depositedOn: null,
    },
  ],
};

describe('the CA workbook', () => {
  const wb = buildCaSyncWorkbook(period, data);
  const sheet = (name: string) => wb.sheets.find((s) => s.name === name)!;

  it('has the six sheets', () => {
    expect(wb.sheets.map((s) => s.name)).toEqual(['Sales register', 'Credit and debit notes', 'HSN summary', 'GST summary', 'Expenses', 'TDS']);
  });

  it('lists one row per invoice in date order with the tax split of its lines, and totals', () => {
    const s = sheet('Sales register');
    expect(s.rows.map((r) => r[0])).toEqual(['INV-1', 'INV-2']);
    expect(s.rows[0].slice(7)).toEqual(['1038.10', '45.00', '45.00', '26.90', '116.90', '1155.00']);
    expect(s.rows[1].slice(7)).toEqual(['1000.00', '0.00', '0.00', '180.00', '180.00', '1180.00']);
    expect(s.totals[0].slice(7)).toEqual(['2038.10', '45.00', '45.00', '206.90', '296.90', '2335.00']);
    expect(wb.totals).toMatchObject({ invoices: 2, taxable: '2038.10', igst: '206.90', invoiceValue: '2335.00' });
  });

  it('sums per rate and per HSN code', () => {
    expect(sheet('GST summary').rows).toEqual([
      ['5.00', '1', '538.10', '0.00', '0.00', '26.90', '26.90'],
      ['18.00', '2', '1500.00', '45.00', '45.00', '180.00', '270.00'],
    ]);
    expect(sheet('HSN summary').rows.map((r) => [r[0], r[1], r[2]])).toEqual([
      ['4901', '5.00', '538.10'],
      ['9983', '18.00', '1500.00'],
    ]);
  });

  it('puts credit notes first and totals each kind', () => {
    const s = sheet('Credit and debit notes');
    expect(s.rows.map((r) => r[1])).toEqual(['CN-1', 'DN-1']);
    expect(s.totals.map((r) => r[7])).toEqual(['100.00', '50.00']);
  });

  it('totals expenses and TDS by direction', () => {
    expect(sheet('Expenses').totals[0][7]).toBe('50000.00');
    expect(sheet('TDS').totals.map((r) => r[7])).toEqual(['0.00', '5000.00']);
  });

  it('answers zero totals for an empty period', () => {
    const empty = buildCaSyncWorkbook(period, { invoices: [], lines: [], notes: [], expenses: [], tds: [] });
    expect(empty.totals).toMatchObject({ invoices: 0, taxable: '0.00', invoiceValue: '0.00' });
    expect(empty.sheets.every((s) => s.rows.length === 0)).toBe(true);
  });
});
