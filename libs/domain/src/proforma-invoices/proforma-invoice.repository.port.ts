import { SalesDocumentRepository } from '../documents/sales-document.repository.port';
import { ProformaInvoiceFields, ProformaInvoiceHeader } from './proforma-invoice';

/** Proforma invoices of an account. Every method is scoped by the account id. */
export abstract class ProformaInvoiceRepository extends SalesDocumentRepository<ProformaInvoiceHeader, ProformaInvoiceFields> {}
