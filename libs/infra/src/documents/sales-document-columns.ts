import { Column, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../shared/columns';

/** DECIMAL columns come back from mysql2 as exact strings. */
export const money = (name: string, nullable = false) => Column({ name, type: 'decimal', precision: 15, scale: 2, nullable });
export const rate = (name: string, nullable = false) => Column({ name, type: 'decimal', precision: 7, scale: 3, nullable });

/** Columns every sales document header has, notes included (see the sales-documents migration). */
export abstract class DocumentHeaderColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ name: 'client_id', type: 'int' }) clientId: number;
  @Column({ name: 'fy_start_year', type: 'smallint' }) fyStartYear: number;
  @Column({ name: 'sequence_no', type: 'int' }) sequenceNo: number;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ name: 'declaration_text', type: 'text', nullable: true }) declarationText: string | null;
  @Column({ name: 'transport_details', type: 'varchar', nullable: true }) transportDetails: string | null;
  @Column({ name: 'lr_number', type: 'varchar', nullable: true }) lrNumber: string | null;
  @money('total_amount') totalAmount: string;
  @DateTimeColumn('created_at') createdAt: string;
  @DateTimeColumn('updated_at') updatedAt: string;
  @Column({ name: 'place_of_supply', type: 'char', nullable: true }) placeOfSupply: string | null;
  @Column({ name: 'supply_type', type: 'varchar', nullable: true }) supplyType: string | null;
  @Column({ name: 'reverse_charge', type: 'tinyint' }) reverseCharge: number | boolean;
  @money('round_off', true) roundOff: string | null;
  /** JSON, written as text by gstColumnsOf and parsed by gstFieldsOfRow (MariaDB gives text, MySQL an object). */
  @Column({ name: 'supplier_snapshot', type: 'text', nullable: true }) supplierSnapshot: unknown;
  @Column({ name: 'tax_warnings', type: 'text', nullable: true }) taxWarnings: unknown;
  /** Rupees per unit of a foreign currency (migration 1732001850000); null on INR documents. */
  @Column({ name: 'exchange_rate', type: 'decimal', precision: 12, scale: 4, nullable: true }) exchangeRate: string | null;
  /** The e-commerce operator a supply was made through and its section (migration 1732003600000); null: none. */
  @Column({ name: 'ecommerce_gstin', type: 'varchar', nullable: true }) ecommerceGstin: string | null;
  @Column({ name: 'ecommerce_section', type: 'varchar', nullable: true }) ecommerceSection: string | null;
}

/** Columns of the headers with invoice-style lines: invoices, quotations, proforma invoices. */
export abstract class SalesDocumentColumns extends DocumentHeaderColumns {
  @Column({ name: 'lut_number', type: 'varchar', nullable: true }) lutNumber: string | null;
  @Column({ name: 'discount_type', type: 'varchar', nullable: true }) discountType: string | null;
  @money('discount_value', true) discountValue: string | null;
}

/**
 * Columns quotations and proforma invoices share. Each kind maps its own number and date columns to
 * `number` and `date`, the names of the domain fields, so one adapter serves both kinds.
 */
export abstract class OfferDocumentColumns extends SalesDocumentColumns {
  @Column({ name: 'validity_date', type: 'date' }) validityDate: string;
  @Column({ name: 'approval_status', type: 'varchar' }) approvalStatus: string;
  abstract number: string;
  abstract date: string;
}

/** Columns of invoice-style lines (invoice_items, quotation_items, proforma_invoice_items). */
export abstract class ProductLineColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ name: 'item_description', type: 'varchar' }) description: string;
  @Column({ name: 'hsn_code', type: 'varchar' }) hsnCode: string;
  @Column({ type: 'decimal', precision: 15, scale: 3 }) quantity: string;
  @money('rate') rate: string;
  @rate('tax_rate') taxRate: string;
  @money('cgst_amount') cgstAmount: string;
  @money('sgst_amount') sgstAmount: string;
  @money('igst_amount') igstAmount: string;
  @money('total_amount') totalAmount: string;
  @Column({ name: 'discount_type', type: 'varchar', nullable: true }) discountType: string | null;
  @money('discount_value', true) discountValue: string | null;
  @Column({ name: 'inventory_id', type: 'int', nullable: true }) inventoryId: number | null;
  @Column({ type: 'varchar', nullable: true }) unit: string | null;
  @money('taxable_value', true) taxableValue: string | null;
  @money('header_discount', true) headerDiscount: string | null;
  /** Compensation cess (migration 1732001870000): the ad valorem rate (null without one) and the line's cess. */
  @rate('cess_rate', true) cessRate: string | null;
  @money('cess_amount') cessAmount: string;
}
