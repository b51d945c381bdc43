import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../shared/columns';

@Entity('expenses')
export class ExpenseRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ name: 'client_id', type: 'int', nullable: true }) clientId: number | null;
  @Column({ name: 'expense_description', type: 'varchar' }) description: string;
  @Column({ name: 'expense_amount', type: 'decimal', precision: 15, scale: 2 }) amount: string;
  @Column({ name: 'expense_category', type: 'varchar' }) category: string;
  @Column({ name: 'vendor_name', type: 'varchar' }) vendorName: string;
  @Column({ name: 'vendor_contact', type: 'varchar' }) vendorContact: string;
  @Column({ name: 'expense_date', type: 'date' }) date: string;
  @Column({ name: 'expense_status', type: 'varchar' }) status: string;
  @Column({ name: 'payment_method', type: 'varchar' }) paymentMethod: string;
  @Column({ name: 'receipt_url', type: 'varchar' }) receiptUrl: string;
  @Column({ type: 'varchar' }) notes: string;
  @Column({ name: 'tds_section_id', type: 'int', nullable: true }) tdsSectionId: number | null;
  @Column({ name: 'tds_rate', type: 'decimal', precision: 7, scale: 3, nullable: true }) tdsRate: string | null;
  @Column({ name: 'tds_amount', type: 'decimal', precision: 15, scale: 2, nullable: true }) tdsAmount: string | null;
  @Column({ name: 'vendor_pan', type: 'char', nullable: true }) vendorPan: string | null;
  @Column({ name: 'payee_type', type: 'varchar', nullable: true }) payeeType: string | null;
  @DateTimeColumn('created_at') createdAt: string;
  @DateTimeColumn('updated_at') updatedAt: string;
}
