import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DocumentHeaderColumns } from '../documents/sales-document-columns';
import { DateTimeColumn } from '../shared/columns';

/**
 * Debit and credit notes (tables of migration 1732000001000). The columns both kinds share live on
 * the abstract bases (the header columns of every sales document on DocumentHeaderColumns); the
 * kind-specific number and date columns are mapped to the same property names (`number`, `date`,
 * `noteId`) so one note-table adapter serves both kinds. DATE columns come back as 'Y-m-d' strings and
 * DECIMALs as strings (the data source sets dateStrings).
 */
export abstract class NoteHeaderRow extends DocumentHeaderColumns {
  @Column({ type: 'varchar' }) status: string;
  @Column({ name: 'lut_number', type: 'varchar', nullable: true }) lutNumber: string | null;
  @Column({ name: 'original_invoice_id', type: 'int', nullable: true }) originalInvoiceId: number | null;
  abstract number: string;
  abstract date: string;
}

export abstract class NoteItemRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ type: 'varchar' }) description: string;
  @Column({ name: 'expense_date', type: 'date', nullable: true }) expenseDate: string | null;
  @Column({ type: 'decimal', precision: 15, scale: 2 }) amount: string;
  @Column({ name: 'hsn_code', type: 'varchar', nullable: true }) hsnCode: string | null;
  @Column({ type: 'decimal', precision: 15, scale: 3, nullable: true }) quantity: string | null;
  @Column({ type: 'varchar', nullable: true }) unit: string | null;
  @Column({ name: 'taxable_value', type: 'decimal', precision: 15, scale: 2, nullable: true }) taxableValue: string | null;
  @Column({ name: 'tax_rate', type: 'decimal', precision: 7, scale: 3, nullable: true }) taxRate: string | null;
  @Column({ name: 'cgst_amount', type: 'decimal', precision: 15, scale: 2, nullable: true }) cgstAmount: string | null;
  @Column({ name: 'sgst_amount', type: 'decimal', precision: 15, scale: 2, nullable: true }) sgstAmount: string | null;
  @Column({ name: 'igst_amount', type: 'decimal', precision: 15, scale: 2, nullable: true }) igstAmount: string | null;
  /** Compensation cess (migration 1732001900000): the ad valorem rate and the line's cess; null on a line without. */
  @Column({ name: 'cess_rate', type: 'decimal', precision: 7, scale: 3, nullable: true }) cessRate: string | null;
  @Column({ name: 'cess_amount', type: 'decimal', precision: 15, scale: 2, nullable: true }) cessAmount: string | null;
  abstract noteId: number;
}

@Entity('debit_notes')
export class DebitNoteRow extends NoteHeaderRow {
  @Column({ name: 'debit_note_number', type: 'varchar' }) number: string;
  @Column({ name: 'debit_note_date', type: 'date' }) date: string;
  @Column({ name: 'payment_due_date', type: 'date', nullable: true }) paymentDueDate: string | null;
  @Column({ name: 'payment_status', type: 'varchar' }) paymentStatus: string;
  @Column({ name: 'paid_amount', type: 'decimal', precision: 15, scale: 2 }) paidAmount: string;
  @Column({ name: 'payment_date', type: 'date', nullable: true }) paymentDate: string | null;
  @DateTimeColumn('paid_at', { nullable: true }) paidAt: string | null;
}

@Entity('debit_note_items')
export class DebitNoteItemRow extends NoteItemRow {
  @Column({ name: 'debit_note_id', type: 'int' }) noteId: number;
}

@Entity('credit_notes')
export class CreditNoteRow extends NoteHeaderRow {
  @Column({ name: 'credit_note_number', type: 'varchar' }) number: string;
  @Column({ name: 'credit_note_date', type: 'date' }) date: string;
  @Column({ name: 'source_invoice_id', type: 'int', nullable: true }) sourceInvoiceId: number | null;
  @Column({ type: 'varchar', nullable: true }) reason: string | null;
}

@Entity('credit_note_items')
export class CreditNoteItemRow extends NoteItemRow {
  @Column({ name: 'credit_note_id', type: 'int' }) noteId: number;
}
