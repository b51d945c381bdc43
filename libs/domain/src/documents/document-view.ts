import type { HsnSummaryRow } from '../tax/hsn-summary';
import type { DocumentKind } from './document-kinds';

/**
 * The fully computed, render-ready model of one document (invoice, quotation, proforma invoice,
 * debit note, credit note). Whoever builds it has already done every calculation and formatting:
 * amounts and rates are strings with two decimals, dates are display strings, the amount in words
 * is spelled out. A renderer only lays it out; it never computes tax or rounds.
 *
 * Optional fields may be `null` (or left out) when they do not apply.
 */
export interface DocumentSupplierView {
  name: string;
  address: string | null;
  gstin: string | null;
  /** Two-digit GST state code, e.g. '29'. */
  stateCode: string | null;
  stateName: string | null;
  pan: string | null;
  email: string | null;
  phone: string | null;
}

export interface DocumentRecipientView {
  name: string;
  address: string | null;
  /** Null for an unregistered recipient. */
  gstin: string | null;
  stateCode: string | null;
  stateName: string | null;
  email: string | null;
  phone: string | null;
}

export interface DocumentPlaceOfSupplyView {
  /** Two-digit GST state code, e.g. '27' (or '97' for other territory / '96' for a foreign country). */
  code: string;
  name: string;
}

export interface DocumentLineView {
  /** Serial number as shown, '1', '2', ... */
  sn: string;
  description: string;
  /** HSN (goods) or SAC (services) code. */
  hsnCode: string | null;
  quantity: string;
  /** Unit of measure, e.g. 'Nos', 'Kg', 'Hrs'. */
  unit?: string | null;
  rate: string;
  /** Quantity x rate less the taxable value: the line discount and the line's share of the header discount. */
  discount: string;
  /** Taxable value after discount. */
  taxable: string;
  /** Combined GST rate in percent, e.g. '18.00' (CGST and SGST each carry half when intra-state). */
  taxRate: string;
  cgst: string;
  sgst: string;
  igst: string;
  /** Compensation cess: its ad valorem rate in percent (null when the line has none, e.g. a cess sent as an amount). */
  cessRate?: string | null;
  /** Compensation cess of the line ('0.00' without); part of its total except under reverse charge. */
  cess?: string;
  /** Taxable value plus tax (and cess). */
  total: string;
}

/** One HSN row of the printed summary (combined GST rate in percent, e.g. '18.00'). */
export type DocumentHsnSummaryRowView = HsnSummaryRow;

export interface DocumentHsnSummaryView {
  rows: DocumentHsnSummaryRowView[];
  total: { taxable: string; cgst: string; sgst: string; igst: string; totalTax: string };
}

export interface DocumentTotalsView {
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  /** The sum of the lines' compensation cess; null (or absent) when no line carries cess. */
  cess?: string | null;
  /**
   * The header discount taken off the total after tax, as documents stored before header discounts were shared among
   * the lines took it; '0.00' on the others, whose lines carry it (see `discountInLines`).
   */
  discount: string;
  /** The sum of the lines' Discount column. */
  lineDiscount?: string | null;
  /** The header discount shared among the lines before tax (in their Discount and Taxable Value); null when none. */
  discountInLines?: string | null;
  /** Tax and cess payable by the recipient on reverse charge (shown, not collected: taken off again), e.g. '360.00'. */
  reverseChargeTax?: string | null;
  /**
   * What the other rows leave unexplained, signed: line totals sent that are not their taxable value plus tax
   * (the tax warnings of the document say which). Null when the rows add up.
   */
  adjustment?: string | null;
  /** Round-off to the nearest rupee (section 170 CGST), signed, e.g. '-0.40'. */
  roundOff?: string | null;
  /** Grand total of the document. */
  total: string;
  /** TDS deducted by the client (income tax), when any. */
  tds?: string | null;
  /** Total less TDS. */
  receivable?: string | null;
  paid?: string | null;
  balance?: string | null;
}

export interface DocumentView {
  kind: DocumentKind;
  /** 'Tax Invoice', 'Bill of Supply', 'Quotation', 'Proforma Invoice', 'Debit Note', 'Credit Note', ... */
  title: string;
  /**
   * A tax document that has not been issued (a draft, numbered `DRAFT/...`): it is not a tax invoice or note, its
   * title says so and the page carries a DRAFT watermark.
   */
  draft?: boolean;
  number: string;
  /** Display date, e.g. '05-08-2025'. */
  date: string;
  dueDate?: string | null;
  /** Quotations and proforma invoices: valid until. */
  validityDate?: string | null;
  /** E.g. the original invoice number of a credit or debit note. */
  reference?: string | null;
  /** Display date of the original invoice of a credit or debit note (CGST rule 53(1A)(g)). */
  referenceDate?: string | null;
  /** ISO 4217 code, e.g. 'INR'. */
  currency: string;
  /**
   * A document in a currency other than INR (CGST Rules, rule 34): its exchange rate (rupees per unit, 4 decimals)
   * and its taxable value, tax and total in rupees (each line's amounts converted and rounded half-up to the paisa,
   * then added; the total converted); `rupees` is null when the document has no exchange rate. Null on INR documents.
   */
  exchange?: {
    rate: string | null;
    rupees: { taxable: string; cgst: string; sgst: string; igst: string; tax: string; cess?: string | null; total: string } | null;
  } | null;
  supplier: DocumentSupplierView;
  recipient: DocumentRecipientView;
  /**
   * What an export invoice carries in place of rule 46(e) (CGST rule 46, third proviso), printed with the recipient:
   * the address of delivery (the invoice's, else the recipient's address) and the country of destination by its name
   * and ISO code ('United States (US)'; null when the invoice names none). Null (or absent) on other documents.
   */
  exportParticulars?: { deliveryAddress: string | null; destinationCountry: string | null } | null;
  /** The ship-to party of an invoice other than the recipient: its name, GSTIN and address of delivery; absent: none. */
  shipTo?: { name: string; gstin: string; address: string | null };
  placeOfSupply: DocumentPlaceOfSupplyView | null;
  /** CGST + SGST when true, IGST when false. */
  intraState: boolean;
  /** False for a bill of supply or a zero-rated supply without payment (export or SEZ under LUT): no tax columns at all. */
  showTax: boolean;
  /** Which tax columns to print (both when the lines carry both kinds); absent: by `intraState`. */
  taxColumns?: { cgstSgst: boolean; igst: boolean } | null;
  /** Which copy of a tax invoice this is: 'Original for Recipient', 'Duplicate for Transporter', ... */
  copyLabel?: string | null;
  /** Whether tax is payable on reverse charge (CGST rule 46(p)); shown on tax invoices. */
  reverseCharge?: boolean | null;
  lines: DocumentLineView[];
  hsnSummary: DocumentHsnSummaryView;
  totals: DocumentTotalsView;
  /** Indian system, e.g. 'Rupees One Lakh Twenty Thousand and Fifty Paise Only'. */
  amountInWords: string;
  declarationText?: string | null;
  /** Letter of undertaking for zero-rated exports without payment of tax. */
  lutNumber?: string | null;
  /**
   * The endorsements the document carries by its supply type, in the order printed: export or SEZ supply with or
   * without payment of integrated tax (CGST rule 46, IGST Act section 16), reverse charge (rule 46(p)), bill of supply.
   */
  endorsements?: string[] | null;
  transportDetails?: string | null;
  /** Lorry receipt / consignment note number. */
  lrNumber?: string | null;
  /** E.g. 'paid', 'partially_paid', 'unpaid'. */
  paymentStatus?: string | null;
  /** Raw base64 of a PNG image (no `data:` prefix), or null. */
  signaturePngBase64?: string | null;
  notes?: string | null;
  /** Raw base64 of the business logo (PNG or JPEG), or null. */
  logoBase64?: string | null;
  /** Bank details to print, one line each (account name, number, IFSC, bank and branch). */
  bankLines?: string[] | null;
  /** UPI payment of the amount due (invoices with a UPI id): the link and, once made, its QR code as base64 PNG. */
  upi?: { id: string; link: string; amount: string; qrPngBase64?: string | null } | null;
  /** e-invoice: the IRN and acknowledgement, and a QR code of the portal's signed QR payload (made by the renderer). */
  einvoice?: { irn: string; ackNo: string; ackDate: string; signedQrCode: string; qrPngBase64?: string | null } | null;
  /** The invoice's e-way bill: number, date and validity (IST), and a Code 128 barcode of the number (made by the renderer). */
  ewayBill?: { ewbNo: string; ewbDate: string; validUntil: string | null; barcodePngBase64?: string | null } | null;
}
