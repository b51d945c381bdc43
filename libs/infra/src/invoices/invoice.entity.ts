import { Column, Entity } from 'typeorm';
import { DateTimeColumn } from '../shared/columns';
import { money, ProductLineColumns, rate, SalesDocumentColumns } from '../documents/sales-document-columns';

@Entity('invoices')
export class InvoiceRow extends SalesDocumentColumns {
  @Column({ name: 'invoice_number', type: 'varchar' }) invoiceNumber: string;
  @Column({ name: 'invoice_date', type: 'date' }) invoiceDate: string;
  @Column({ name: 'payment_due_date', type: 'date' }) paymentDueDate: string;
  @Column({ name: 'payment_status', type: 'varchar' }) paymentStatus: string;
  @Column({ type: 'varchar' }) status: string;
  @Column({ name: 'invoice_type', type: 'varchar' }) invoiceType: string;
  @money('paid_amount') paidAmount: string;
  @Column({ name: 'payment_date', type: 'date', nullable: true }) paymentDate: string | null;
  @DateTimeColumn('paid_at', { nullable: true }) paidAt: string | null;
  @Column({ name: 'tds_section_id', type: 'int', nullable: true }) tdsSectionId: number | null;
  @rate('tds_rate', true) tdsRate: string | null;
  @money('tds_amount', true) tdsAmount: string | null;
  /** Export particulars (migration 1732001910000): the address of delivery and the country of destination. */
  @Column({ name: 'delivery_address', type: 'varchar', nullable: true }) deliveryAddress: string | null;
  @Column({ name: 'destination_country', type: 'char', nullable: true }) destinationCountry: string | null;
  @Column({ name: 'ship_to_gstin', type: 'char', nullable: true }) shipToGstin: string | null;
  @Column({ name: 'ship_to_name', type: 'varchar', nullable: true }) shipToName: string | null;
}

@Entity('invoice_items')
export class InvoiceItemRow extends ProductLineColumns {
  @Column({ name: 'invoice_id', type: 'int' }) invoiceId: number;
}
