import Decimal from 'decimal.js';
import { Account } from '../accounts/account';
import { Client } from '../clients/client';
import { DocumentKind } from '../documents/document-number';
import { displayDate } from '../document-output/document-view-builder';
import { SourceDocument } from '../document-output/source-document';
import { money2, toDecimal } from '../shared/money';

const LABELS: Record<DocumentKind, string> = {
  invoice: 'Invoice',
  quotation: 'Quotation',
  'proforma-invoice': 'Proforma Invoice',
  'debit-note': 'Debit Note',
  'credit-note': 'Credit Note',
};

export function documentLabel(kind: DocumentKind): string {
  return LABELS[kind];
}

/** '12390.5' INR -> '₹12,390.50' (Indian digit grouping); other currencies 'USD 1,234.00'. */
export function formatMoney(amount: string, currency: string): string {
  const fixed = money2(amount);
  const negative = fixed.startsWith('-');
  const [int, frac] = fixed.replace('-', '').split('.');
  let grouped: string;
  if (currency === 'INR' && int.length > 3) grouped = `${int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${int.slice(-3)}`;
  else grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = `${negative ? '-' : ''}${grouped}.${frac}`;
  return currency === 'INR' ? `₹${body}` : `${currency} ${body}`;
}

/**
 * What the client still owes on an invoice or debit note: total less TDS less the amount paid (never
 * below zero; nothing once paid). Other kinds: their total.
 */
export function amountDue(doc: Pick<SourceDocument, 'kind' | 'totalAmount' | 'tdsAmount' | 'paidAmount' | 'paymentStatus'>): string {
  if (doc.kind !== 'invoice' && doc.kind !== 'debit-note') return money2(doc.totalAmount);
  if (doc.paymentStatus === 'paid') return '0.00';
  const due = toDecimal(doc.totalAmount)
    .minus(toDecimal(doc.tdsAmount ?? '0'))
    .minus(toDecimal(doc.paidAmount ?? '0'));
  return money2(Decimal.max(due, 0));
}

export interface SendoutTemplate {
  subject: string;
  message: string;
}

/** Subject and message for emailing a document, filled from the document, the client and the business. */
export function sendoutTemplate(doc: SourceDocument, client: Pick<Client, 'name'> | null, business: Pick<Account, 'businessName'>): SendoutTemplate {
  const label = LABELS[doc.kind];
  const businessName = business.businessName?.trim() || 'us';
  const total = formatMoney(doc.totalAmount, doc.currency);
  const date = displayDate(doc.date);
  const lines: string[] = [`Dear ${client?.name?.trim() || 'Customer'},`, ''];
  switch (doc.kind) {
    case 'invoice':
    case 'debit-note': {
      const due = formatMoney(amountDue(doc), doc.currency);
      lines.push(`Please find attached ${label.toLowerCase()} ${doc.number} dated ${date} for ${total}.`);
      lines.push(doc.dueDate ? `Amount due: ${due}, payable by ${displayDate(doc.dueDate)}.` : `Amount due: ${due}.`);
      break;
    }
    case 'quotation':
    case 'proforma-invoice':
      lines.push(
        `Please find attached ${label.toLowerCase()} ${doc.number} dated ${date} for ${total}` +
          (doc.validityDate ? `, valid until ${displayDate(doc.validityDate)}.` : '.'),
      );
      break;
    case 'credit-note':
      lines.push(`Please find attached credit note ${doc.number} dated ${date} for ${total}` + (doc.reference ? ` against invoice ${doc.reference}.` : '.'));
      break;
  }
  lines.push('', 'Thank you for your business.', '', 'Regards,', business.businessName?.trim() || '');
  return {
    subject: `${label} ${doc.number} from ${businessName}`,
    message: lines.join('\n').trimEnd(),
  };
}

/** Pick-list label: number, date and amount, e.g. 'INV/25-26/0001 · 05-08-2025 · ₹12,390.00'. */
export function pickLabel(pick: { number: string; date: string; totalAmount: string; currency: string }): string {
  return `${pick.number} · ${displayDate(pick.date)} · ${formatMoney(pick.totalAmount, pick.currency)}`;
}
