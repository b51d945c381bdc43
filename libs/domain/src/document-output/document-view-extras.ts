import { DocumentView } from '../documents/document-view';
import { money2, toDecimal } from '../shared/money';
import { BankDetails } from '../settings/business-settings';

/** What business settings add to a printed document: logo, bank details and the UPI id. */
export interface DocumentExtras {
  logoImage?: string | null;
  bank?: BankDetails;
  upiId?: string | null;
}

/** `upi://pay` link of the UPI deep-linking specification for paying `amount` to `upiId`. */
export function upiPaymentLink(upiId: string, payeeName: string, amount: string, note: string): string {
  const q = (v: string) => encodeURIComponent(v);
  return `upi://pay?pa=${q(upiId)}&pn=${q(payeeName)}&am=${amount}&cu=INR&tn=${q(note)}`;
}

export function withExtras(view: DocumentView, extras: DocumentExtras): DocumentView {
  const b = extras.bank;
  const bankLines = b
    ? [
        b.accountName ? `A/c name: ${b.accountName}` : null,
        b.accountNumber ? `A/c no.: ${b.accountNumber}` : null,
        b.ifsc ? `IFSC: ${b.ifsc}` : null,
        [b.bankName, b.branch].filter(Boolean).join(', ') || null,
      ].filter((l): l is string => l !== null)
    : [];
  const due = view.totals.balance ?? view.totals.receivable ?? view.totals.total;
  const upi =
    extras.upiId && view.kind === 'invoice' && view.currency === 'INR' && toDecimal(due).gt(0)
      ? { id: extras.upiId, amount: money2(due), link: upiPaymentLink(extras.upiId, view.supplier.name, money2(due), view.number) }
      : null;
  return { ...view, logoBase64: extras.logoImage ?? null, bankLines: bankLines.length ? bankLines : null, upi };
}
