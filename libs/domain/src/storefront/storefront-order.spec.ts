import { mapOrder, mapRefund, stateOfAddress } from './storefront-order';

const ctx = {
  businessState: '27',
  inventory: new Map([['SKU-1', { id: 7, hsnCode: '6109' }]]),
  defaultHsn: '9999',
  shippingHsn: '996812',
  today: '2025-06-01',
};
const address = (province_code: string) => ({ name: 'A B', phone: '9876543210', province_code, country_code: 'IN' });
const order = (over: Record<string, unknown> = {}) => ({
  id: 42,
  email: 'a@example.com',
  created_at: '2025-06-09T20:00:00Z',
  financial_status: 'paid',
  shipping_address: address('MH'),
  billing_address: address('MH'),
  line_items: [{ title: 'Shirt', sku: 'SKU-1', quantity: 2, price: '100.00', tax_lines: [{ title: 'GST', rate: 0.18, price: '36.00' }] }],
  shipping_lines: [],
  ...over,
});

describe('storefront orders', () => {
  it('splits tax into CGST + SGST in the business state, IGST elsewhere; HSN and stock link from the SKU', () => {
    const intra = mapOrder(order(), ctx);
    expect(intra.interState).toBe(false);
    expect(intra.invoice.items[0]).toMatchObject({
      hsnCode: '6109',
      inventoryId: 7,
      rate: '100.00',
      taxRate: '18',
      cgstAmount: '18.00',
      sgstAmount: '18.00',
      igstAmount: '0.00',
      totalAmount: '236.00',
    });
    // The order's time in Asia/Kolkata gives the invoice date.
    expect(intra.invoice).toMatchObject({ invoiceDate: '2025-06-10', paymentStatus: 'paid' });
    const inter = mapOrder(order({ shipping_address: address('KA') }), ctx);
    expect(inter.invoice.items[0]).toMatchObject({ cgstAmount: '0.00', sgstAmount: '0.00', igstAmount: '36.00' });
  });

  it('takes tax out of prices that include it, and splits an odd paisa', () => {
    const m = mapOrder(
      order({ taxes_included: true, line_items: [{ title: 'X', quantity: 1, price: '118.01', tax_lines: [{ rate: 0.18, price: '18.01' }] }] }),
      ctx,
    );
    expect(m.invoice.items[0]).toMatchObject({
      rate: '100.00',
      cgstAmount: '9.01',
      sgstAmount: '9.00',
      totalAmount: '118.01',
      hsnCode: '9999',
      inventoryId: null,
    });
  });

  it('reads states from codes and names; refunds from their lines or transactions', () => {
    expect(stateOfAddress({ province_code: 'IN-DL' })).toBe('07');
    expect(stateOfAddress({ province: 'tamil nadu' })).toBe('33');
    expect(stateOfAddress({ province_code: 'CA', country_code: 'US' })).toBeNull();
    expect(mapRefund({ id: 1, order_id: 42, transactions: [{ kind: 'refund', amount: '50.00' }] }).items).toEqual([
      { description: 'Refund', amount: '50.00', expenseDate: null },
    ]);
    expect(() => mapRefund({ id: 1 })).toThrow();
  });
});
