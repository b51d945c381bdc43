import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../shared/columns';

const money = (name: string) => Column({ name, type: 'decimal', precision: 15, scale: 2 });

/** A payment received from a client (migration 1732002200000). DECIMALs come back as strings, DATEs as 'Y-m-d'. */
@Entity('payments')
export class PaymentRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ name: 'client_id', type: 'int' }) clientId: number;
  @money('amount') amount: string;
  @money('tds_amount') tdsAmount: string;
  @money('allocated_amount') allocatedAmount: string;
  @money('allocated_tds') allocatedTds: string;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ name: 'payment_date', type: 'date' }) paymentDate: string;
  @Column({ type: 'varchar' }) mode: string;
  @Column({ type: 'varchar', nullable: true }) reference: string | null;
  @Column({ type: 'varchar', nullable: true }) notes: string | null;
  @Column({ type: 'varchar' }) source: string;
  @Column({ name: 'source_document_type', type: 'varchar', nullable: true }) sourceDocumentType: string | null;
  @Column({ name: 'source_document_id', type: 'int', nullable: true }) sourceDocumentId: number | null;
  @Column({ name: 'receipt_number', type: 'varchar', nullable: true }) receiptNumber: string | null;
  @Column({ name: 'receipt_fy_start_year', type: 'smallint', nullable: true }) receiptFyStartYear: number | null;
  @Column({ name: 'receipt_sequence_no', type: 'int', nullable: true }) receiptSequenceNo: number | null;
  @DateTimeColumn('created_at') createdAt: string;
  @DateTimeColumn('updated_at') updatedAt: string;
}

/** What part of a payment settles which invoice or debit note, and from when. */
@Entity('payment_allocations')
export class PaymentAllocationRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ name: 'payment_id', type: 'int' }) paymentId: number;
  @Column({ name: 'client_id', type: 'int' }) clientId: number;
  @Column({ name: 'document_type', type: 'varchar' }) documentType: string;
  @Column({ name: 'document_id', type: 'int' }) documentId: number;
  @money('amount') amount: string;
  @money('tds_amount') tdsAmount: string;
  @Column({ name: 'tds_recorded', type: 'tinyint' }) tdsRecorded: number;
  /** The source of the payment (receipt or payment_status), kept on the row so a locking read of a document's allocations needs no join. */
  @Column({ name: 'payment_source', type: 'varchar' }) paymentSource: string;
  @Column({ name: 'allocation_date', type: 'date' }) allocationDate: string;
  @DateTimeColumn('created_at') createdAt: string;
}
