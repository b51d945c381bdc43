import { SupplierSnapshot } from '../documents/document-gst';
import { DocumentKind } from '../documents/document-kinds';
import { NoteLineFields } from '../notes/note';

/** An invoice-style line as stored. Amounts are decimal strings. */
export interface SourceProductLine {
  description: string;
  hsnCode: string;
  quantity: string;
  rate: string;
  taxRate: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
  discountType: string | null;
  discountValue: string | null;
  /** Unit quantity code (UQC); null when none. */
  unit?: string | null;
  /** As the tax engine took it; null on lines stored before it (then quantity x rate less discount). */
  taxableValue?: string | null;
  /**
   * The line's share of the header discount, already off its taxable value; null on lines stored before header
   * discounts were shared among the lines (their document took the header discount off the total after tax).
   */
  headerDiscount?: string | null;
  /** Compensation cess: the ad valorem rate (null without one) and the line's cess, part of its total (absent: none). */
  cessRate?: string | null;
  cessAmount?: string | null;
}

/** A debit- or credit-note line as stored; the GST details are null on plain amount lines. */
export type SourceNoteLine = NoteLineFields;

/** One stored document, as much as printing it needs. */
export interface SourceDocument {
  kind: DocumentKind;
  id: number;
  clientId: number;
  number: string;
  date: string;
  dueDate: string | null;
  validityDate: string | null;
  currency: string;
  /** Rupees per unit of a foreign currency ('83.2500'); null on INR documents and when not given (absent: null). */
  exchangeRate?: string | null;
  /** invoice_type / quotation_type; `proforma` for legacy proforma quotations. */
  type: string | null;
  status: string | null;
  paymentStatus: string | null;
  paidAmount: string | null;
  tdsAmount: string | null;
  discountType: string | null;
  discountValue: string | null;
  totalAmount: string;
  declarationText: string | null;
  lutNumber: string | null;
  transportDetails: string | null;
  lrNumber: string | null;
  /** The address of delivery and country of destination (ISO 3166-1 alpha-2) of an invoice; null or absent: none. */
  deliveryAddress?: string | null;
  destinationCountry?: string | null;
  /** The ship-to party of an invoice other than the recipient (GSTIN and legal name); null or absent: none. */
  shipToGstin?: string | null;
  shipToName?: string | null;
  /** The original invoice's number (debit and credit notes that refer to one). */
  reference: string | null;
  /**
   * The invoice a debit or credit note refers to (rule 53(1A)(g)): its date (Y-m-d), its type and the single GST rate
   * of its lines (null when they carry several), at which lines of the note sent as plain amounts are split (as GSTR-1
   * splits them). Null (or absent) on the other kinds and on notes that refer to none.
   */
  original?: { date: string; invoiceType: string | null; rate: string | null } | null;
  productLines: SourceProductLine[];
  noteLines: SourceNoteLine[];
  /** GST fields (null or absent on documents stored before them: derived from the client and the business). */
  placeOfSupply?: string | null;
  supplyType?: string | null;
  reverseCharge?: boolean;
  roundOff?: string | null;
  /** The supplier when the document was made; null: the current business profile. */
  supplierSnapshot?: SupplierSnapshot | null;
  /** The active e-invoice registration of an invoice (IRN, acknowledgement, signed QR payload). */
  einvoice?: { irn: string; ackNo: string; ackDate: string; signedQrCode: string } | null;
  /** The active e-way bill of an invoice: its number, and when it was made and is valid until ('Y-m-d H:i:s', IST). */
  ewayBill?: { ewbNo: string; ewbDate: string; validUntil: string | null } | null;
}
