import { fiscalYearRange } from '../shared/fiscal-year';
import { PageRequest } from '../shared/pagination';
import { ApprovalStatus, DocumentStatus, PaymentStatus, QuotationKind } from './document-enums';

/** Document list filters of the spec (all combinable; each already validated at the edge). */
export interface DocumentListFilter extends PageRequest {
  fyStartYear?: number;
  dateFrom?: string;
  dateTo?: string;
  clientId?: number;
  /** Matches the document number or the client's name. */
  search?: string;
  status?: DocumentStatus;
  paymentStatus?: PaymentStatus;
  dueFrom?: string;
  dueTo?: string;
  paymentDateFrom?: string;
  paymentDateTo?: string;
  approvalStatus?: ApprovalStatus;
  documentKind?: QuotationKind;
}

/** The document-date range: `fy_start_year` wins over `date_from`/`date_to`. */
export function documentDateRange(filter: Pick<DocumentListFilter, 'fyStartYear' | 'dateFrom' | 'dateTo'>): {
  from?: string;
  to?: string;
} {
  if (filter.fyStartYear !== undefined) return fiscalYearRange(filter.fyStartYear);
  return { from: filter.dateFrom, to: filter.dateTo };
}
