import { Column, Entity } from 'typeorm';
import { OfferDocumentColumns, ProductLineColumns } from '../documents/sales-document-columns';

@Entity('quotations')
export class QuotationRow extends OfferDocumentColumns {
  @Column({ name: 'quotation_number', type: 'varchar' }) number: string;
  @Column({ name: 'quotation_date', type: 'date' }) date: string;
  @Column({ name: 'quotation_type', type: 'varchar' }) quotationType: string;
  @Column({ name: 'document_kind', type: 'varchar' }) documentKind: string;
}

@Entity('quotation_items')
export class QuotationItemRow extends ProductLineColumns {
  @Column({ name: 'quotation_id', type: 'int' }) quotationId: number;
}
