import { ApprovalStatus, DiscountType } from '@app/domain/documents/document-enums';
import { OfferDocumentHeader } from '@app/domain/documents/offer-document';
import { OfferDocumentColumns, SalesDocumentColumns } from './sales-document-columns';
import { gstFieldsOfRow } from './gst-columns';

/** The header fields every sales document with invoice-style lines has, in domain form. */
export function salesHeaderOf(row: SalesDocumentColumns) {
  return {
    id: row.id,
    accountId: row.accountId,
    clientId: row.clientId,
    fyStartYear: row.fyStartYear,
    sequenceNo: row.sequenceNo,
    currency: row.currency,
    lutNumber: row.lutNumber,
    declarationText: row.declarationText,
    transportDetails: row.transportDetails,
    lrNumber: row.lrNumber,
    discountType: row.discountType as DiscountType | null,
    discountValue: row.discountValue,
    totalAmount: row.totalAmount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...gstFieldsOfRow(row),
  };
}

/** A quotation or proforma invoice row in domain form (without the kind's own fields). */
export function offerHeaderOf(row: OfferDocumentColumns): OfferDocumentHeader {
  return { ...salesHeaderOf(row), number: row.number, date: row.date, validityDate: row.validityDate, approvalStatus: row.approvalStatus as ApprovalStatus };
}
