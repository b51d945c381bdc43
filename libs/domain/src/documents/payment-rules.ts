import Decimal from 'decimal.js';
import { ValidationFailed } from '../shared/domain-error';
import { money2, toDecimal, MoneyInput } from '../shared/money';
import { PaymentStatus } from './document-enums';

export interface PaymentInput {
  paymentStatus: PaymentStatus;
  /** As sent by the caller (partial needs it). */
  paidAmount: MoneyInput | null;
  paymentDate: string | null;
  /** Amount receivable: document total less TDS. */
  receivable: MoneyInput;
  /** Business date today (Asia/Kolkata). */
  today: string;
  /** When the document became paid before this change ('Y-m-d H:i:s'), if it was. */
  previousPaidAt: string | null;
  /** The timestamp to record if it becomes paid now. */
  nowTimestamp: string;
}

export interface PaymentState {
  paymentStatus: PaymentStatus;
  paidAmount: string;
  paymentDate: string | null;
  paidAt: string | null;
}

/**
 * docs/decisions.md, "Documents, numbering and payments": `paid` sets paid_amount to the receivable and payment_date to the given date or
 * today; `partial` needs 0 < paid_amount < receivable and defaults payment_date to today; `pending`
 * (and `overdue`) clear the payment. `paidAt` remembers when it became paid (for recent-payments).
 */
export function applyPaymentRules(input: PaymentInput): PaymentState {
  const receivable = toDecimal(input.receivable);
  switch (input.paymentStatus) {
    case 'paid':
      return {
        paymentStatus: 'paid',
        paidAmount: money2(Decimal.max(receivable, 0)),
        paymentDate: input.paymentDate ?? input.today,
        paidAt: input.previousPaidAt ?? input.nowTimestamp,
      };
    case 'partial': {
      if (input.paidAmount === null || input.paidAmount === undefined) {
        throw ValidationFailed.field('paidAmount', 'is required when payment_status is partial');
      }
      const paid = toDecimal(input.paidAmount);
      if (paid.lte(0) || paid.gte(receivable)) {
        throw ValidationFailed.field('paidAmount', `must be more than 0 and less than the amount receivable ${money2(receivable)}`);
      }
      return { paymentStatus: 'partial', paidAmount: money2(paid), paymentDate: input.paymentDate ?? input.today, paidAt: null };
    }
    default:
      return { paymentStatus: input.paymentStatus, paidAmount: '0.00', paymentDate: null, paidAt: null };
  }
}
