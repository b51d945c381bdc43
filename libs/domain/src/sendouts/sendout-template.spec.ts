import { InMemoryDocumentSource } from '../../testing/sendout-fakes';
import { amountDue, formatMoney, pickLabel, sendoutTemplate } from './sendout-template';

describe('sendout templates', () => {
  const docs = new InMemoryDocumentSource();

  it('formats rupees with Indian grouping and other currencies with their code', () => {
    expect(formatMoney('1234567.5', 'INR')).toBe('₹12,34,567.50');
    expect(formatMoney('999', 'INR')).toBe('₹999.00');
    expect(formatMoney('1234567.5', 'USD')).toBe('USD 1,234,567.50');
  });

  it('amount due is total less TDS less paid, nothing once paid', () => {
    const inv = docs.add(1, 'invoice', 1, { totalAmount: '11800.00', tdsAmount: '200.00', paidAmount: '1000.00', paymentStatus: 'partial' });
    expect(amountDue(inv)).toBe('10600.00');
    expect(amountDue({ ...inv, paymentStatus: 'paid' })).toBe('0.00');
    expect(amountDue({ ...inv, kind: 'quotation' })).toBe('11800.00');
  });

  it('fills an invoice template with number, amounts, due date and business name', () => {
    const inv = docs.add(1, 'invoice', 1, { number: 'INV/25-26/0042', totalAmount: '12390.00', dueDate: '2025-09-04' });
    const t = sendoutTemplate(inv, { name: 'Karnataka Traders' }, { businessName: 'Shree Ganesh Electricals' });
    expect(t.subject).toBe('Invoice INV/25-26/0042 from Shree Ganesh Electricals');
    expect(t.message).toContain('Dear Karnataka Traders,');
    expect(t.message).toContain('invoice INV/25-26/0042 dated 05-08-2025 for ₹12,390.00');
    expect(t.message).toContain('Amount due: ₹12,390.00, payable by 04-09-2025.');
    expect(t.message.endsWith('Shree Ganesh Electricals')).toBe(true);
  });

  it('quotations mention validity, credit notes their invoice', () => {
    const qt = docs.add(1, 'quotation', 1, { number: 'QT/25-26/0001', validityDate: '2025-08-31' });
    expect(sendoutTemplate(qt, { name: 'C' }, { businessName: 'B' }).message).toContain('valid until 31-08-2025');
    const cn = docs.add(1, 'credit-note', 1, { number: 'CN/25-26/0001', reference: 'INV/25-26/0001' });
    const t = sendoutTemplate(cn, { name: 'C' }, { businessName: 'B' });
    expect(t.subject).toBe('Credit Note CN/25-26/0001 from B');
    expect(t.message).toContain('against invoice INV/25-26/0001');
  });

  it('pick labels carry number, date and amount', () => {
    expect(pickLabel({ number: 'INV/25-26/0001', date: '2025-08-05', totalAmount: '12390', currency: 'INR' })).toBe('INV/25-26/0001 · 05-08-2025 · ₹12,390.00');
  });
});
