import fc from 'fast-check';
import { ValidationFailed } from '../shared/domain-error';
import { toDecimal } from '../shared/money';
import { applyPaymentRules, PaymentInput } from './payment-rules';

const cents = fc.integer({ min: 1, max: 1_000_000_000_00 });
const asMoney = (p: number) => (p / 100).toFixed(2);
const base: Omit<PaymentInput, 'paymentStatus' | 'receivable'> = {
  paidAmount: null,
  paymentDate: null,
  today: '2025-06-02',
  previousPaidAt: null,
  nowTimestamp: '2025-06-01 20:00:00',
};

function rejected(input: PaymentInput): ValidationFailed | null {
  try {
    applyPaymentRules(input);
    return null;
  } catch (e) {
    return e as ValidationFailed;
  }
}

describe('applyPaymentRules', () => {
  it('paid: paid_amount is the receivable whatever was sent; payment_date is the date sent or today', () => {
    fc.assert(
      fc.property(cents, fc.option(cents), fc.option(fc.constant('2025-05-20')), (receivable, sent, date) => {
        const state = applyPaymentRules({
          ...base,
          paymentStatus: 'paid',
          receivable: asMoney(receivable),
          paidAmount: sent === null ? null : asMoney(sent),
          paymentDate: date,
        });
        expect(state).toEqual({ paymentStatus: 'paid', paidAmount: asMoney(receivable), paymentDate: date ?? '2025-06-02', paidAt: '2025-06-01 20:00:00' });
      }),
    );
  });

  it('paid keeps the time it first became paid', () => {
    const state = applyPaymentRules({ ...base, paymentStatus: 'paid', receivable: '10.00', previousPaidAt: '2025-01-01 00:00:00' });
    expect(state.paidAt).toBe('2025-01-01 00:00:00');
  });

  it('paid never records a negative amount', () => {
    expect(applyPaymentRules({ ...base, paymentStatus: 'paid', receivable: '-5.00' }).paidAmount).toBe('0.00');
  });

  it('partial accepts exactly 0 < paid_amount < receivable and defaults payment_date to today', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: -1_000_00, max: 1_000_000_000_00 }), (receivable, paid) => {
        const input: PaymentInput = { ...base, paymentStatus: 'partial', receivable: asMoney(receivable), paidAmount: asMoney(paid) };
        const error = rejected(input);
        if (paid > 0 && paid < receivable) {
          expect(error).toBeNull();
          expect(applyPaymentRules(input)).toEqual({ paymentStatus: 'partial', paidAmount: asMoney(paid), paymentDate: '2025-06-02', paidAt: null });
        } else {
          expect(error).toBeInstanceOf(ValidationFailed);
          expect(Object.keys(error!.details)).toEqual(['paidAmount']);
        }
      }),
    );
  });

  it('partial rejects both bounds and a missing amount', () => {
    for (const paid of ['0.00', '100.00', '100.01', null]) {
      expect(rejected({ ...base, paymentStatus: 'partial', receivable: '100.00', paidAmount: paid })).toBeInstanceOf(ValidationFailed);
    }
    expect(rejected({ ...base, paymentStatus: 'partial', receivable: '100.00', paidAmount: '0.01' })).toBeNull();
    expect(rejected({ ...base, paymentStatus: 'partial', receivable: '100.00', paidAmount: '99.99' })).toBeNull();
    expect(applyPaymentRules({ ...base, paymentStatus: 'partial', receivable: '100.00', paidAmount: 40, paymentDate: '2025-05-30' }).paymentDate).toBe(
      '2025-05-30',
    );
  });

  it('pending and overdue clear the payment', () => {
    fc.assert(
      fc.property(fc.constantFrom('pending' as const, 'overdue' as const), cents, cents, (status, receivable, paid) => {
        const state = applyPaymentRules({
          ...base,
          paymentStatus: status,
          receivable: asMoney(receivable),
          paidAmount: asMoney(paid),
          paymentDate: '2025-05-01',
          previousPaidAt: '2025-05-01 00:00:00',
        });
        expect(state).toEqual({ paymentStatus: status, paidAmount: '0.00', paymentDate: null, paidAt: null });
        expect(toDecimal(state.paidAmount).isZero()).toBe(true);
      }),
    );
  });
});
