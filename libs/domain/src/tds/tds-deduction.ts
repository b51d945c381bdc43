import { PAYEE_TYPES, payeeTypeOfPan, paymentCodeFor } from './tds-section';
export const TDS_DIRECTIONS = ['receivable', 'payable'] as const;
export type TdsDirection = (typeof TDS_DIRECTIONS)[number];

export interface TdsDeposit {
  challanNumber: string;
  bsrCode: string;
  depositedOn: string;
}

/**
 * A TDS deduction, read from the document that carries it: *receivable* from an invoice (the client
 * deducted TDS from what it pays us), *payable* from an expense (we deducted TDS when paying a vendor
 * and must deposit it). `id` is the invoice id or the expense id; deposits apply to payable ones.
 */
export interface TdsDeduction {
  id: number;
  direction: TdsDirection;
  date: string;
  sectionId: number | null;
  sectionCode: string | null;
  sectionDescription: string | null;
  act2025Section: string | null;
  act2025PaymentCode: string | null;
  /** The section's code for payees other than individuals and HUFs, when it has one (tds-section.ts, paymentCodeFor). */
  act2025PaymentCodeOther: string | null;
  /** The client (receivable) or the vendor (payable). */
  partyName: string;
  partyPan: string | null;
  payeeType: string | null;
  /** Amount paid or invoiced (invoices: taxable value before GST). */
  baseAmount: string;
  rate: string | null;
  tdsAmount: string;
  deposit: TdsDeposit | null;
}

/** Quarter 1-4 of the financial year (April-June is 1). */
export function quarterOf(date: string): number {
  const month = Number(date.slice(5, 7));
  return month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4;
}

/** Y-m-d bounds of a quarter of financial year `fy`. */
export function quarterRange(fy: number, quarter: number): { from: string; to: string } {
  const ranges = [
    [`${fy}-04-01`, `${fy}-06-30`],
    [`${fy}-07-01`, `${fy}-09-30`],
    [`${fy}-10-01`, `${fy}-12-31`],
    [`${fy + 1}-01-01`, `${fy + 1}-03-31`],
  ];
  const [from, to] = ranges[quarter - 1];
  return { from, to };
}

/**
 * When TDS deducted on a date must be deposited (rule 30(2) of the Income-tax Rules, 1962): the 7th of
 * the next month, or 30 April for deductions made in March.
 */
export function depositDueDate(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (month === 3) return `${year}-04-30`;
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  return `${next.y}-${String(next.m).padStart(2, '0')}-07`;
}

export abstract class TdsDeductionRepository {
  /** Deductions of the account dated in [from, to] (all time when null), oldest first. */
  abstract list(accountId: number, range: { from: string; to: string } | null, direction?: TdsDirection): Promise<TdsDeduction[]>;
  /** The payable deduction on one of the account's expenses; null when none. */
  abstract findPayable(accountId: number, expenseId: number): Promise<TdsDeduction | null>;
  abstract setDeposit(accountId: number, expenseId: number, deposit: TdsDeposit | null): Promise<void>;
  /** Payable deductions to one PAN dated in [from, to]. */
  abstract payableTo(accountId: number, pan: string, range: { from: string; to: string }): Promise<TdsDeduction[]>;
}

/** A deduction's 2025-Act payment code: by its payee type, else the type its party's PAN names (tds-section.ts, paymentCodeFor). */
export function deductionPaymentCode(d: TdsDeduction): string | null {
  const payee = PAYEE_TYPES.find((t) => t === d.payeeType) ?? (d.partyPan ? payeeTypeOfPan(d.partyPan) : null);
  return paymentCodeFor(d, payee);
}
