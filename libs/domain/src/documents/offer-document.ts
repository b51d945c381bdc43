import { ApprovalStatus, DiscountType } from './document-enums';
import { GstFields } from './document-gst';
import { ProductLine } from './product-lines';

/**
 * An offer made to a client that can become an invoice: a quotation or a proforma invoice. Both have
 * a document date, a validity date, an approval status and invoice-style lines. `number` and `date` are
 * the kind's own number and date (quotation_number / quotation_date, proforma_number / proforma_date).
 */
export interface OfferDocumentHeader extends GstFields {
  id: number;
  accountId: number;
  clientId: number;
  number: string;
  /** Financial year and sequence the number was taken from (kept when the date changes later). */
  fyStartYear: number;
  sequenceNo: number;
  date: string;
  validityDate: string;
  approvalStatus: ApprovalStatus;
  currency: string;
  lutNumber: string | null;
  declarationText: string | null;
  transportDetails: string | null;
  lrNumber: string | null;
  discountType: DiscountType | null;
  discountValue: string | null;
  /**
   * Sum of the line totals, each after its share of the header discount (on documents stored before header
   * discounts were shared among the lines: the sum less the header discount).
   */
  totalAmount: string;
  createdAt: string;
  updatedAt: string;
}

export type OfferDocument<H extends OfferDocumentHeader = OfferDocumentHeader> = H & { lines: ProductLine[] };

/** What a create or an update writes to the header (numbering and timestamps are the repository's). */
export type OfferDocumentFields<H extends OfferDocumentHeader = OfferDocumentHeader> = Omit<
  OfferDocumentHeader,
  'id' | 'accountId' | 'number' | 'fyStartYear' | 'sequenceNo' | 'createdAt' | 'updatedAt'
> &
  OwnOfferFields<H>;

/** The header fields only one kind has (none for proforma invoices). */
export type OwnOfferFields<H extends OfferDocumentHeader> = Omit<H, keyof OfferDocumentHeader>;

/** A short summary for the activity log; `dateField` names the date (quotation_date, proforma_date). */
export function offerSummary(
  dateField: string,
  d: Pick<OfferDocumentHeader, 'clientId' | 'date' | 'validityDate' | 'approvalStatus' | 'totalAmount' | 'currency'>,
) {
  return {
    client_id: d.clientId,
    [dateField]: d.date,
    validity_date: d.validityDate,
    approval_status: d.approvalStatus,
    total_amount: d.totalAmount,
    currency: d.currency,
  };
}
