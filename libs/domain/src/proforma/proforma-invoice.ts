import { ApprovalStatus, DiscountType } from '../documents/document-enums';
import { ProductLine } from '../documents/product-lines';

/** A proforma invoice (own table). */
export interface ProformaInvoiceHeader {
  id: number;
  accountId: number;
  clientId: number;
  proformaNumber: string;
  fyStartYear: number;
  sequenceNo: number;
  proformaDate: string;
  validityDate: string;
  approvalStatus: ApprovalStatus;
  currency: string;
  lutNumber: string | null;
  declarationText: string | null;
  transportDetails: string | null;
  lrNumber: string | null;
  discountType: DiscountType | null;
  discountValue: string | null;
  totalAmount: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProformaInvoice extends ProformaInvoiceHeader {
  lines: ProductLine[];
}

export type ProformaInvoiceFields = Omit<
  ProformaInvoiceHeader,
  'id' | 'accountId' | 'proformaNumber' | 'fyStartYear' | 'sequenceNo' | 'createdAt' | 'updatedAt'
>;

export function proformaSummary(p: Pick<ProformaInvoiceHeader, 'clientId' | 'proformaDate' | 'validityDate' | 'approvalStatus' | 'totalAmount' | 'currency'>) {
  return {
    client_id: p.clientId,
    proforma_date: p.proformaDate,
    validity_date: p.validityDate,
    approval_status: p.approvalStatus,
    total_amount: p.totalAmount,
    currency: p.currency,
  };
}
