import Decimal from 'decimal.js';
import { Account } from '../accounts/account';
import { Client } from '../clients/client';
import { DocumentLineView, DocumentView } from '../documents/document-view';
import { documentKind } from '../documents/document-kinds';
import { money2, sumMoney, toDecimal } from '../shared/money';
import { amountInWords } from '../tax/amount-in-words';
import { isIntraState } from '../tax/gst-split';
import { hsnSummary } from '../tax/hsn-summary';
import { stateName } from '../tax/states';
import { BankDetails } from '../settings/business-settings';
import { SourceDocument, SourceProductLine } from './source-document';

/** 2025-08-05 -> 05-08-2025, the form Indian invoices print. */
export function displayDate(date: string | null): string | null {
  if (!date) return null;
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

/** The kind's printed title, or the one its type prints under (a bill of supply, a proforma quotation). */
function titleOf(doc: SourceDocument): string {
  const { title, titleByType } = documentKind(doc.kind).labels;
  return (doc.type !== null && titleByType?.[doc.type]) || title;
}

/** Taxable value of a line: quantity x rate less the line discount (percentage of it or a fixed amount). */
export function lineTaxable(line: Pick<SourceProductLine, 'quantity' | 'rate' | 'discountType' | 'discountValue'>): {
  gross: Decimal;
  discount: Decimal;
  taxable: Decimal;
} {
  const gross = toDecimal(line.quantity).mul(toDecimal(line.rate));
  const value = line.discountValue ? toDecimal(line.discountValue) : new Decimal(0);
  const discount = line.discountType === 'percentage' ? gross.mul(value).div(100) : line.discountType === 'fixed' ? value : new Decimal(0);
  return { gross, discount, taxable: gross.minus(discount) };
}

/**
 * Builds the render-ready view of a stored document: GST split, HSN summary, totals and the amount in
 * words. Stored line amounts are shown as stored (the contract keeps them as sent); the builder only
 * derives what the document does not store (taxable value, sums, words).
 */
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

function withExtras(view: DocumentView, extras: DocumentExtras): DocumentView {
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
  return { ...view, logo_base64: extras.logoImage ?? null, bank_lines: bankLines.length ? bankLines : null, upi };
}

export function buildDocumentView(
  doc: SourceDocument,
  supplier: Account,
  client: Client | null,
  signaturePng: string | null,
  extras: DocumentExtras = {},
): DocumentView {
  return withExtras(buildBaseView(doc, supplier, client, signaturePng), extras);
}

function buildBaseView(doc: SourceDocument, supplier: Account, client: Client | null, signaturePng: string | null): DocumentView {
  const supplierState = supplier.stateCode ?? (supplier.gstin ? supplier.gstin.slice(0, 2) : null);
  const posCode = client?.stateCode ?? supplierState;
  const product = doc.productLines;
  const sums = {
    cgst: sumMoney(product.map((l) => l.cgst)),
    sgst: sumMoney(product.map((l) => l.sgst)),
    igst: sumMoney(product.map((l) => l.igst)),
  };
  const intraState = toDecimal(sums.igst).gt(0) ? false : toDecimal(sums.cgst).plus(sums.sgst).gt(0) ? true : isIntraState(supplierState, posCode);
  const spec = documentKind(doc.kind);
  // Without GST lines (notes) the lines are plain amounts and the document shows no tax.
  const isNote = !spec.gstLines;
  const zeroRatedExport = doc.type === 'export' && !!doc.lutNumber && toDecimal(sums.igst).isZero();
  const showTax = !isNote && doc.type !== 'bill_of_supply' && !zeroRatedExport;

  let lines: DocumentLineView[];
  let taxable: string;
  if (isNote) {
    lines = doc.noteLines.map((l, i) => ({
      sn: String(i + 1),
      description: l.description + (l.expenseDate ? ` (${displayDate(l.expenseDate)})` : ''),
      hsn_code: null,
      quantity: '1',
      rate: money2(l.amount),
      discount: '0.00',
      taxable: money2(l.amount),
      tax_rate: '0.00',
      cgst: '0.00',
      sgst: '0.00',
      igst: '0.00',
      total: money2(l.amount),
    }));
    taxable = sumMoney(doc.noteLines.map((l) => l.amount));
  } else {
    const computed = product.map((l) => ({ line: l, ...lineTaxable(l) }));
    lines = computed.map(({ line, discount, taxable: t }, i) => ({
      sn: String(i + 1),
      description: line.description,
      hsn_code: line.hsnCode || null,
      quantity: new Decimal(line.quantity).toString(),
      rate: money2(line.rate),
      discount: money2(discount),
      taxable: money2(t),
      tax_rate: money2(line.taxRate),
      cgst: money2(line.cgst),
      sgst: money2(line.sgst),
      igst: money2(line.igst),
      total: money2(line.total),
    }));
    taxable = sumMoney(computed.map((c) => c.taxable));
  }

  const lineTotal = sumMoney(isNote ? doc.noteLines.map((l) => l.amount) : product.map((l) => l.total));
  const headerDiscount = Decimal.max(toDecimal(lineTotal).minus(toDecimal(doc.totalAmount)), 0);
  const tds = doc.tdsAmount && toDecimal(doc.tdsAmount).gt(0) ? money2(doc.tdsAmount) : null;
  const receivable = money2(toDecimal(doc.totalAmount).minus(tds ?? 0));
  const paid = doc.paidAmount !== null ? money2(doc.paidAmount) : null;

  return {
    kind: doc.kind,
    title: titleOf(doc),
    number: doc.number,
    date: displayDate(doc.date) as string,
    due_date: displayDate(doc.dueDate),
    validity_date: displayDate(doc.validityDate),
    reference: doc.reference,
    currency: doc.currency,
    supplier: {
      name: supplier.businessName ?? '',
      address: supplier.address,
      gstin: supplier.gstin,
      state_code: supplierState,
      state_name: stateName(supplierState),
      pan: supplier.pan,
      email: supplier.businessEmail,
      phone: supplier.phone,
    },
    recipient: {
      name: client?.name ?? '',
      address: client?.address ?? null,
      gstin: client?.gstin ?? null,
      state_code: client?.stateCode ?? null,
      state_name: stateName(client?.stateCode),
      email: client?.email ?? null,
      phone: client?.phone ?? null,
    },
    place_of_supply: posCode ? { code: posCode, name: stateName(posCode) ?? posCode } : null,
    intra_state: intraState,
    show_tax: showTax,
    reverse_charge: spec.taxDocument && spec.gstLines ? false : null,
    lines,
    hsn_summary: hsnSummary(
      isNote ? [] : product.map((l, i) => ({ hsn_code: l.hsnCode, taxable: lines[i].taxable, tax_rate: l.taxRate, cgst: l.cgst, sgst: l.sgst, igst: l.igst })),
    ),
    totals: {
      taxable,
      ...sums,
      discount: money2(headerDiscount),
      round_off: null,
      total: money2(doc.totalAmount),
      tds,
      receivable: tds ? receivable : null,
      paid: paid && toDecimal(paid).gt(0) ? paid : null,
      balance: paid && toDecimal(paid).gt(0) ? money2(toDecimal(receivable).minus(paid)) : null,
    },
    amount_in_words: amountInWords(doc.totalAmount, doc.currency),
    declaration_text: doc.declarationText,
    lut_number: doc.lutNumber,
    einvoice: doc.einvoice
      ? { irn: doc.einvoice.irn, ack_no: doc.einvoice.ackNo, ack_date: doc.einvoice.ackDate, signed_qr_code: doc.einvoice.signedQrCode }
      : null,
    transport_details: doc.transportDetails,
    lr_number: doc.lrNumber,
    payment_status: doc.paymentStatus,
    signature_png_base64: signaturePng,
    notes: null,
  };
}
