import { ApprovalStatus, DiscountType, QuotationDocumentKind } from '../documents/document-enums';
import { ProductLine } from '../documents/product-lines';

export interface QuotationHeader {
  id: number;
  accountId: number;
  clientId: number;
  quotationNumber: string;
  fyStartYear: number;
  sequenceNo: number;
  quotationDate: string;
  validityDate: string;
  approvalStatus: ApprovalStatus;
  currency: string;
  quotationType: string;
  /** `quotation`, or `proforma` for legacy proforma rows kept on this table. */
  documentKind: QuotationDocumentKind;
  lutNumber: string | null;
  declarationText: string | null;
  transportDetails: string | null;
  lrNumber: string | null;
  discountType: DiscountType | null;
  discountValue: string | null;
  /** Sum of the line totals less the header discount. */
  totalAmount: string;
  createdAt: string;
  updatedAt: string;
}

export interface Quotation extends QuotationHeader {
  lines: ProductLine[];
}

export type QuotationFields = Omit<
  QuotationHeader,
  'id' | 'accountId' | 'quotationNumber' | 'fyStartYear' | 'sequenceNo' | 'createdAt' | 'updatedAt'
>;

export function quotationSummary(q: Pick<QuotationHeader, 'clientId' | 'quotationDate' | 'validityDate' | 'approvalStatus' | 'totalAmount' | 'currency'>) {
  return {
    client_id: q.clientId,
    quotation_date: q.quotationDate,
    validity_date: q.validityDate,
    approval_status: q.approvalStatus,
    total_amount: q.totalAmount,
    currency: q.currency,
  };
}
