import { testAccount } from '../../testing/fakes';
import { AdvanceFacts } from './advance-tax';
import { Payment } from './payment';
import { voucherView } from './receipt-voucher';

const account = testAccount({ businessName: 'Kaveri Design Studio', gstin: '27AAPFU0939F1ZV', stateCode: '27', address: 'Pune' });
const payment = (over: Partial<Payment> = {}): Payment => ({
  id: 5,
  accountId: 1,
  clientId: 9,
  amount: '11800.00',
  tdsAmount: '0.00',
  currency: 'INR',
  paymentDate: '2025-07-10',
  mode: 'neft',
  reference: null,
  notes: null,
  source: 'receipt',
  sourceDocument: null,
  allocatedAmount: '0.00',
  allocatedTds: '0.00',
  receiptNumber: 'RV/25-26/0001',
  createdAt: '2025-07-10 05:00:00',
  updatedAt: '2025-07-10 05:00:00',
  ...over,
});
const facts = (over: Partial<AdvanceFacts> = {}): AdvanceFacts => ({
  settledBills: '0.00',
  lines: [],
  linesFrom: null,
  inventory: { products: 0, services: 1 },
  ...over,
});
const recipient = { name: 'Client', address: null, gstin: null, state: null };

describe('receipt voucher view', () => {
  it('splits the tax in an advance for services into CGST and SGST within the state', () => {
    const v = voucherView(account, payment(), recipient, '27', facts(), {}, null);
    expect(v).toMatchObject({ number: 'RV/25-26/0001', date: '10-07-2025', amount: '11800.00', taxable: true, taxRate: '18%', taxableValue: '10000.00' });
    expect(v.taxes).toEqual([
      { name: 'CGST', rate: '9%', amount: '900.00' },
      { name: 'SGST/UTGST', rate: '9%', amount: '900.00' },
    ]);
    expect(v.placeOfSupply).toBe('Maharashtra (27)');
    expect(v.reverseCharge).toBe('No');
  });

  it('charges IGST across states and where the place of supply is not determinable (rule 50, proviso)', () => {
    expect(voucherView(account, payment(), recipient, '29', facts(), { taxRate: '5' }, null).taxes).toEqual([{ name: 'IGST', rate: '5%', amount: '561.90' }]);
    const unknown = voucherView(account, payment(), recipient, null, facts(), {}, null);
    expect(unknown.taxes).toEqual([{ name: 'IGST', rate: '18%', amount: '1800.00' }]);
    expect(unknown.placeOfSupply).toContain('inter-State');
  });

  it('shows no tax for goods, and counts only what did not pay a bill dated on or before the payment', () => {
    const v = voucherView(account, payment(), recipient, '27', facts({ settledBills: '1800.00' }), { supply: 'goods' }, null);
    expect(v).toMatchObject({ amount: '10000.00', taxable: false, taxes: [], totalTax: null, taxRate: null, supply: 'Goods' });
    expect(v.noTaxNote).toContain('66/2017-Central Tax');
  });
});
