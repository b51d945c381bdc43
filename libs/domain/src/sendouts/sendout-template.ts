import Decimal from 'decimal.js';
import { Account } from '../shared/account';
import { Client } from '../clients/client';
import { DocumentKind, documentKind } from '../documents/document-kinds';
import { displayDate } from '../document-output/document-view-builder';
import { SourceDocument } from '../document-output/source-document';
import { money2, toDecimal } from '../shared/money';

export function documentLabel(kind: DocumentKind): string {
  return documentKind(kind).labels.name;
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
 * What the client still owes on a payable kind (invoice, debit note): total less TDS less the amount paid (never
 * below zero; nothing once paid). Other kinds: their total.
 */
export function amountDue(doc: Pick<SourceDocument, 'kind' | 'totalAmount' | 'tdsAmount' | 'paidAmount' | 'paymentStatus'>): string {
  if (!documentKind(doc.kind).payable) return money2(doc.totalAmount);
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
  const label = documentLabel(doc.kind);
  const businessName = business.businessName?.trim() || 'us';
  const total = formatMoney(doc.totalAmount, doc.currency);
  const date = displayDate(doc.date);
  const lines: string[] = [`Dear ${client?.name?.trim() || 'Customer'},`, ''];
  const attached = `Please find attached ${label.toLowerCase()} ${doc.number} dated ${date} for ${total}`;
  if (documentKind(doc.kind).payable) {
    const due = formatMoney(amountDue(doc), doc.currency);
    lines.push(`${attached}.`);
    lines.push(doc.dueDate ? `Amount due: ${due}, payable by ${displayDate(doc.dueDate)}.` : `Amount due: ${due}.`);
  } else if (doc.validityDate) {
    lines.push(`${attached}, valid until ${displayDate(doc.validityDate)}.`);
  } else {
    lines.push(doc.reference ? `${attached} against invoice ${doc.reference}.` : `${attached}.`);
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
