import { Column, Entity } from 'typeorm';
import { money, ProductLineColumns, SalesDocumentColumns } from '../documents/sales-document-columns';

@Entity('quotations')
export class QuotationRow extends SalesDocumentColumns {
  @Column({ name: 'quotation_number', type: 'varchar' }) quotationNumber: string;
  @Column({ name: 'quotation_date', type: 'date' }) quotationDate: string;
  @Column({ name: 'validity_date', type: 'date' }) validityDate: string;
  @Column({ name: 'approval_status', type: 'varchar' }) approvalStatus: string;
  @Column({ name: 'quotation_type', type: 'varchar' }) quotationType: string;
  @Column({ name: 'document_kind', type: 'varchar' }) documentKind: string;
  @Column({ name: 'lut_number', type: 'varchar', nullable: true }) lutNumber: string | null;
  @Column({ name: 'discount_type', type: 'varchar', nullable: true }) discountType: string | null;
  @money('discount_value', true) discountValue: string | null;
}

@Entity('quotation_items')
export class QuotationItemRow extends ProductLineColumns {
  @Column({ name: 'quotation_id', type: 'int' }) quotationId: number;
}
