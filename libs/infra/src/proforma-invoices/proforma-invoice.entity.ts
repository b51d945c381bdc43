import { Column, Entity } from 'typeorm';
import { OfferDocumentColumns, ProductLineColumns } from '../documents/sales-document-columns';

@Entity('proforma_invoices')
export class ProformaInvoiceRow extends OfferDocumentColumns {
  @Column({ name: 'proforma_number', type: 'varchar' }) number: string;
  @Column({ name: 'proforma_date', type: 'date' }) date: string;
}

@Entity('proforma_invoice_items')
export class ProformaInvoiceItemRow extends ProductLineColumns {
  @Column({ name: 'proforma_invoice_id', type: 'int' }) proformaInvoiceId: number;
}
