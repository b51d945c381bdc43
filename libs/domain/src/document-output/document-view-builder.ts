import Decimal from 'decimal.js';
import { Account } from '../shared/account';
import { Client } from '../clients/client';
import { DocumentLineView, DocumentView } from '../documents/document-view';
import { documentKind } from '../documents/document-kinds';
import { money2, sumMoney, toDecimal } from '../shared/money';
import { amountInWords } from '../tax/amount-in-words';
import { snapshotState } from '../documents/document-gst';
import { defaultPlaceOfSupply, defaultSupplyType, FOREIGN_PLACE_OF_SUPPLY, isSupplyType, isWithoutPayment, SupplyType, taxKindOf } from '../tax/supply';
import { noteLinesFromAmounts } from '../gst-returns/gstr1';
import { hsnSummary } from '../tax/hsn-summary';
import { stateName } from '../tax/states';
import { SourceDocument } from './source-document';
import { isProvisionalNumber } from '../documents/document-numbering';
import { endorsementsOf } from './endorsements';
import { isExport } from '../tax/export-particulars';
import { DocumentExtras, withExtras } from './document-view-extras';
import { displayDate, exchangeView, exportParticulars, headerDiscountOf, lineTaxable } from './document-view-parts';

export { displayDate, lineTaxable } from './document-view-parts';
export { upiPaymentLink } from './document-view-extras';
export type { DocumentExtras } from './document-view-extras';

/**
 * The kind's printed title, or the one its type prints under (a bill of supply, a proforma quotation). A draft's says
 * it is a draft not issued, and never names itself a tax invoice ('Draft Invoice \u2013 not issued'): it is none until it is
 * issued under a number of the tax series (rule 46(b)).
 */
function titleOf(doc: SourceDocument): string {
  const { title, titleByType } = documentKind(doc.kind).labels;
  const printed = (doc.type !== null && titleByType?.[doc.type]) || title;
  return isDraft(doc) ? `Draft ${printed.replace(/^Tax /, '')} \u2013 not issued` : printed;
}

/** A tax document not (yet) issued: a draft, or one that still holds a draft's provisional number (rule 46(b)). */
function isDraft(doc: SourceDocument): boolean {
  return documentKind(doc.kind).taxDocument && (doc.status === 'draft' || isProvisionalNumber(doc.number));
}

/**
 * Builds the render-ready view of a stored document: GST split, HSN summary, totals and the amount in
 * words. Stored line amounts are shown as stored (the contract keeps them as sent); the builder only
 * derives what the document does not store (taxable value, sums, words).
 */
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
  // The supplier as recorded on the document when it was made; the current profile for older documents.
  const snap = doc.supplierSnapshot ?? null;
  const supplierGstin = snap ? snap.gstin : supplier.gstin;
  const supplierState = snap ? snapshotState(snap) : (supplier.stateCode ?? (supplier.gstin ? supplier.gstin.slice(0, 2) : null));
  const clientParty = client ? { gstin: client.gstin, stateCode: client.stateCode } : null;
  const supplyType: SupplyType = isSupplyType(doc.supplyType) ? doc.supplyType : defaultSupplyType(clientParty, doc.type, doc.lutNumber);
  const posCode = doc.placeOfSupply ?? defaultPlaceOfSupply(clientParty, supplierState, supplyType);
  const kind = taxKindOf({ supplierState, placeOfSupply: posCode, supplyType, billOfSupply: doc.type === 'bill_of_supply' });
  const spec = documentKind(doc.kind);
  const isNote = !spec.gstLines;
  const reverseCharge = doc.reverseCharge === true;

  let lines: DocumentLineView[];
  let hsnRows: Array<{ hsnCode: string; taxable: string; taxRate: string; cgst: string; sgst: string; igst: string }>;
  if (isNote) {
    // A line sent as a plain amount (no tax rate) is split as GSTR-1 splits it (rule 53(1A)(h): a note shows its
    // taxable value, rate and tax): tax-inclusive at the single rate of the invoice the note refers to, else 0; a note
    // of a supply that carries no tax (without payment, bill of supply) at 0.
    const splitRate = kind === 'none' ? '0' : (doc.original?.rate ?? '0');
    lines = doc.noteLines.map((l, i) => {
      const split =
        l.taxRate === null || l.taxRate === undefined
          ? noteLinesFromAmounts([{ description: l.description, amount: l.amount }], splitRate, kind !== 'intra')[0]
          : null;
      const taxable = split ? split.taxable : (l.taxableValue ?? l.amount);
      const quantity = l.quantity ?? null;
      return {
        sn: String(i + 1),
        description: l.description + (l.expenseDate ? ` (${displayDate(l.expenseDate)})` : ''),
        hsnCode: l.hsnCode ?? null,
        quantity: quantity === null ? '1' : new Decimal(quantity).toString(),
        unit: l.unit ?? null,
        rate: quantity !== null && !toDecimal(quantity).isZero() ? money2(toDecimal(taxable).div(quantity)) : money2(taxable),
        discount: '0.00',
        taxable: money2(taxable),
        taxRate: money2(split ? split.taxRate : (l.taxRate ?? 0)),
        cgst: money2(split ? split.cgst : (l.cgstAmount ?? 0)),
        sgst: money2(split ? split.sgst : (l.sgstAmount ?? 0)),
        igst: money2(split ? split.igst : (l.igstAmount ?? 0)),
        cessRate: !split && l.cessRate !== null && l.cessRate !== undefined && !toDecimal(l.cessRate).isZero() ? money2(l.cessRate) : null,
        cess: money2(split ? 0 : (l.cessAmount ?? 0)),
        total: money2(l.amount),
      };
    });
    hsnRows = lines.map((l) => ({ hsnCode: l.hsnCode ?? '', taxable: l.taxable, taxRate: l.taxRate, cgst: l.cgst, sgst: l.sgst, igst: l.igst }));
  } else {
    lines = doc.productLines.map((line, i) => {
      const { gross, taxable } = lineTaxable(line);
      const value = money2(line.taxableValue ?? taxable);
      return {
        sn: String(i + 1),
        description: line.description,
        hsnCode: line.hsnCode || null,
        quantity: new Decimal(line.quantity).toString(),
        unit: line.unit ?? null,
        rate: money2(line.rate),
        // Quantity x rate less the taxable value: the line discount and its share of the header discount.
        discount: money2(Decimal.max(toDecimal(money2(gross)).minus(value), 0)),
        taxable: value,
        taxRate: money2(line.taxRate),
        cgst: money2(line.cgst),
        sgst: money2(line.sgst),
        igst: money2(line.igst),
        cessRate: line.cessRate !== null && line.cessRate !== undefined && !toDecimal(line.cessRate).isZero() ? money2(line.cessRate) : null,
        cess: money2(line.cessAmount ?? 0),
        total: money2(line.total),
      };
    });
    hsnRows = lines.map((l, i) => ({
      hsnCode: doc.productLines[i].hsnCode,
      taxable: l.taxable,
      taxRate: l.taxRate,
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
    }));
  }

  // Every amount printed is one that was sent or stored; the rows under the lines add up to the grand total.
  const sums = { cgst: sumMoney(lines.map((l) => l.cgst)), sgst: sumMoney(lines.map((l) => l.sgst)), igst: sumMoney(lines.map((l) => l.igst)) };
  const taxable = sumMoney(lines.map((l) => l.taxable));
  const tax = toDecimal(sums.cgst).plus(sums.sgst).plus(sums.igst);
  // Compensation cess: part of the line totals (except under reverse charge, where the recipient pays it with the tax).
  const cess = sumMoney(lines.map((l) => l.cess ?? '0'));
  const anyCess = lines.some((l) => !toDecimal(l.cess ?? '0').isZero());
  const anyTax = !tax.isZero();
  const noteWithTax = isNote && hsnRows.length > 0;
  const zeroRated = kind === 'none' && doc.type !== 'bill_of_supply';
  // A document that should carry no tax still shows the tax it was sent with (tax_warnings say why).
  const showTax = anyTax || noteWithTax || (!isNote && doc.type !== 'bill_of_supply' && !(zeroRated && isWithoutPayment(supplyType)));
  const cgstSgstColumn = showTax && (kind === 'intra' || !toDecimal(sums.cgst).isZero() || !toDecimal(sums.sgst).isZero() || (kind === 'none' && !anyTax));
  const igstColumn = showTax && (kind === 'inter' || !toDecimal(sums.igst).isZero());
  const intraState = kind === 'intra' || (kind === 'none' && toDecimal(sums.igst).isZero());

  const lineTotal = sumMoney(lines.map((l) => l.total));
  const rcTax = reverseCharge ? money2(tax.plus(cess)) : null;
  // The header discount is in the lines (before tax) on documents whose lines carry their share of it; documents
  // stored before took it off the total of the lines, after tax, and print it so.
  const sharedAmongLines = !isNote && doc.productLines.length > 0 && doc.productLines.every((l) => l.headerDiscount !== null && l.headerDiscount !== undefined);
  const headerDiscount = sharedAmongLines ? new Decimal(0) : headerDiscountOf(lineTotal, doc.discountType, doc.discountValue);
  const discountInLines = sharedAmongLines ? sumMoney(doc.productLines.map((l) => l.headerDiscount as string)) : null;
  const roundOff = doc.roundOff ?? null;
  // What the rows above leave unexplained: line totals sent that are not taxable value plus tax, or an old total.
  const explained = toDecimal(taxable)
    .plus(tax)
    .plus(cess)
    .minus(rcTax ?? 0)
    .minus(headerDiscount)
    .plus(roundOff ?? 0);
  const adjustment = money2(toDecimal(doc.totalAmount).minus(explained));

  const tds = doc.tdsAmount && toDecimal(doc.tdsAmount).gt(0) ? money2(doc.tdsAmount) : null;
  const receivable = money2(toDecimal(doc.totalAmount).minus(tds ?? 0));
  const paid = doc.paidAmount !== null ? money2(doc.paidAmount) : null;

  return {
    kind: doc.kind,
    title: titleOf(doc),
    draft: isDraft(doc),
    number: doc.number,
    date: displayDate(doc.date) as string,
    dueDate: displayDate(doc.dueDate),
    validityDate: displayDate(doc.validityDate),
    reference: doc.reference,
    referenceDate: displayDate(doc.original?.date ?? null),
    currency: doc.currency,
    exchange: exchangeView(doc, lines),
    supplier: {
      name: (snap ? snap.name : supplier.businessName) ?? '',
      address: snap ? snap.address : supplier.address,
      gstin: supplierGstin,
      stateCode: supplierState,
      stateName: stateName(supplierState),
      pan: snap ? snap.pan : supplier.pan,
      email: supplier.businessEmail,
      phone: supplier.phone,
    },
    recipient: {
      name: client?.name ?? '',
      address: client?.address ?? null,
      gstin: client?.gstin ?? null,
      stateCode: client?.stateCode ?? null,
      stateName: stateName(client?.stateCode),
      email: client?.email ?? null,
      phone: client?.phone ?? null,
    },
    exportParticulars: doc.kind === 'invoice' && isExport(supplyType) ? exportParticulars(doc, client) : null,
    // A ship-to party other than the recipient (tax/ship-to.ts), printed with the recipient.
    ...(doc.shipToGstin ? { shipTo: { name: doc.shipToName ?? '', gstin: doc.shipToGstin, address: doc.deliveryAddress ?? null } } : {}),
    placeOfSupply: posCode ? { code: posCode, name: posCode === FOREIGN_PLACE_OF_SUPPLY ? 'Other Countries' : (stateName(posCode) ?? posCode) } : null,
    intraState,
    showTax,
    taxColumns: { cgstSgst: cgstSgstColumn, igst: igstColumn },
    reverseCharge: spec.taxDocument ? reverseCharge : null,
    lines,
    hsnSummary: hsnSummary(hsnRows),
    totals: {
      taxable,
      ...sums,
      cess: anyCess ? cess : null,
      discount: money2(headerDiscount),
      lineDiscount: sumMoney(lines.map((l) => l.discount)),
      discountInLines: discountInLines !== null && !toDecimal(discountInLines).isZero() ? discountInLines : null,
      reverseChargeTax: rcTax && !toDecimal(rcTax).isZero() ? rcTax : null,
      adjustment: toDecimal(adjustment).isZero() ? null : adjustment,
      roundOff: roundOff,
      total: money2(doc.totalAmount),
      tds,
      receivable: tds ? receivable : null,
      paid: paid && toDecimal(paid).gt(0) ? paid : null,
      balance: paid && toDecimal(paid).gt(0) ? money2(toDecimal(receivable).minus(paid)) : null,
    },
    amountInWords: amountInWords(doc.totalAmount, doc.currency),
    declarationText: doc.declarationText,
    lutNumber: doc.lutNumber,
    endorsements: endorsementsOf({
      invoice: doc.kind === 'invoice',
      taxDocument: spec.taxDocument,
      supplyType,
      billOfSupply: doc.type === 'bill_of_supply',
      reverseCharge,
      lutNumber: doc.lutNumber,
    }),
    einvoice: doc.einvoice
      ? { irn: doc.einvoice.irn, ackNo: doc.einvoice.ackNo, ackDate: doc.einvoice.ackDate, signedQrCode: doc.einvoice.signedQrCode }
      : null,
    ewayBill: doc.ewayBill ? { ewbNo: doc.ewayBill.ewbNo, ewbDate: doc.ewayBill.ewbDate, validUntil: doc.ewayBill.validUntil } : null,
    transportDetails: doc.transportDetails,
    lrNumber: doc.lrNumber,
    paymentStatus: doc.paymentStatus,
    signaturePngBase64: signaturePng,
    notes: null,
  };
}
