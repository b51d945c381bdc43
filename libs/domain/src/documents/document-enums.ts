/** Enumerations shared by the sales documents. */
export const DOCUMENT_STATUSES = ['draft', 'issued', 'cancelled', 'archived'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'partial', 'overdue'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const QUOTATION_DOCUMENT_KINDS = ['quotation', 'proforma'] as const;
export type QuotationKind = (typeof QUOTATION_DOCUMENT_KINDS)[number];

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/**
 * Invoice types. Without a GSTIN an account can only issue bills of supply (`bill_of_supply`); with
 * one, the default is `local_sale` (tax invoice, CGST+SGST or IGST by place of supply).
 */
export const INVOICE_TYPES = ['local_sale', 'interstate_sale', 'export', 'sez', 'bill_of_supply'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export function defaultInvoiceType(accountHasGstin: boolean): InvoiceType {
  return accountHasGstin ? 'local_sale' : 'bill_of_supply';
}

/** Types whose documents carry no tax (bill of supply) or are zero-rated. */
export function showsTax(type: string): boolean {
  return type !== 'bill_of_supply';
}
