import { SalesDocumentRepository } from '../documents/sales-document.repository.port';
import { QuotationFields, QuotationHeader } from './quotation';

/** Quotations of an account. Every method is scoped by the account id. */
export abstract class QuotationRepository extends SalesDocumentRepository<QuotationHeader, QuotationFields> {}
