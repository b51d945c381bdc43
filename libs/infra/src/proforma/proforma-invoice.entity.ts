import { Column, Entity } from 'typeorm';
import { money, ProductLineColumns, SalesDocumentColumns } from '../documents/sales-document-columns';

@Entity('proforma_invoices')
export class ProformaInvoiceRow extends SalesDocumentColumns {
  @Column({ name: 'proforma_number', type: 'varchar' }) proformaNumber: string;
  @Column({ name: 'proforma_date', type: 'date' }) proformaDate: string;
  @Column({ name: 'validity_date', type: 'date' }) validityDate: string;
  @Column({ name: 'approval_status', type: 'varchar' }) approvalStatus: string;
  @Column({ name: 'lut_number', type: 'varchar', nullable: true }) lutNumber: string | null;
  @Column({ name: 'discount_type', type: 'varchar', nullable: true }) discountType: string | null;
  @money('discount_value', true) discountValue: string | null;
}

@Entity('proforma_invoice_items')
export class ProformaInvoiceItemRow extends ProductLineColumns {
  @Column({ name: 'proforma_invoice_id', type: 'int' }) proformaInvoiceId: number;
}
