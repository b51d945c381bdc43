import { DiscountType, DocumentStatus, PaymentStatus } from '../documents/document-enums';
import { GstFields } from '../documents/document-gst';
import { ProductLine } from '../documents/product-lines';

/** The header of an invoice. Amounts are decimal strings; dates 'Y-m-d'; timestamps 'Y-m-d H:i:s' UTC. */
export interface InvoiceHeader extends GstFields {
  id: number;
  accountId: number;
  clientId: number;
  invoiceNumber: string;
  /** Financial year and sequence the number was taken from (kept when the date changes later). */
  fyStartYear: number;
  sequenceNo: number;
  invoiceDate: string;
  paymentDueDate: string;
  paymentStatus: PaymentStatus;
  status: DocumentStatus;
  currency: string;
  invoiceType: string;
  lutNumber: string | null;
  declarationText: string | null;
  paidAmount: string;
  paymentDate: string | null;
  /** When it became paid (for recent-payments); null unless paid. */
  paidAt: string | null;
  transportDetails: string | null;
  lrNumber: string | null;
  tdsSectionId: number | null;
  tdsRate: string | null;
  tdsAmount: string | null;
  discountType: DiscountType | null;
  discountValue: string | null;
  /** Where the goods or services are delivered (CGST rule 46, third proviso: export invoices); null: not given. */
  deliveryAddress: string | null;
  /** The country of destination of an export, ISO 3166-1 alpha-2 (tax/countries.ts); null: not given. */
  destinationCountry: string | null;
  /** A registered ship-to party other than the recipient (tax/ship-to.ts): its GSTIN and legal name; null: none. */
  shipToGstin?: string | null;
  shipToName?: string | null;
  /**
   * Sum of the line totals, each after its share of the header discount (on documents stored before header
   * discounts were shared among the lines: the sum less the header discount).
   */
  totalAmount: string;
  createdAt: string;
  updatedAt: string;
}

export interface Invoice extends InvoiceHeader {
  lines: ProductLine[];
}

/** What a create or an update writes to the header (numbering and timestamps are the repository's). */
export type InvoiceFields = Omit<InvoiceHeader, 'id' | 'accountId' | 'invoiceNumber' | 'fyStartYear' | 'sequenceNo' | 'createdAt' | 'updatedAt'>;

/** A short before/after summary for the activity log. */
export function invoiceSummary(i: Pick<InvoiceHeader, 'clientId' | 'invoiceDate' | 'status' | 'paymentStatus' | 'totalAmount' | 'paidAmount' | 'currency'>) {
  return {
    client_id: i.clientId,
    invoice_date: i.invoiceDate,
    status: i.status,
    payment_status: i.paymentStatus,
    total_amount: i.totalAmount,
    paid_amount: i.paidAmount,
    currency: i.currency,
  };
}
