import { DocumentKind } from '../documents/document-kinds';

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
}

/** A debit- or credit-note line as stored. */
export interface SourceNoteLine {
  description: string;
  expenseDate: string | null;
  amount: string;
}

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
  /** The original invoice's number (credit notes). */
  reference: string | null;
  productLines: SourceProductLine[];
  noteLines: SourceNoteLine[];
  /** The active e-invoice registration of an invoice (IRN, acknowledgement, signed QR payload). */
  einvoice?: { irn: string; ackNo: string; ackDate: string; signedQrCode: string } | null;
}
