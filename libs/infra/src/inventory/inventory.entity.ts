import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../shared/columns';

@Entity('inventory_items')
export class InventoryItemRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ type: 'varchar' }) name: string;
  @Column({ type: 'varchar' }) sku: string;
  @Column({ name: 'barcode_type', type: 'varchar' }) barcodeType: string;
  @Column({ type: 'varchar' }) type: string;
  @Column({ type: 'varchar' }) description: string;
  @Column({ type: 'int' }) quantity: number;
  @Column({ type: 'decimal', precision: 15, scale: 2 }) rate: string;
  @Column({ name: 'discount_type', type: 'varchar', nullable: true }) discountType: string | null;
  @Column({ name: 'discount_value', type: 'decimal', precision: 15, scale: 2 }) discountValue: string;
  @Column({ name: 'tax_rate', type: 'decimal', precision: 7, scale: 3 }) taxRate: string;
  @Column({ name: 'hsn_code', type: 'varchar' }) hsnCode: string;
  @Column({ name: 'low_stock_threshold', type: 'int', nullable: true }) lowStockThreshold: number | null;
  @DateTimeColumn('created_at') createdAt: string;
  @DateTimeColumn('updated_at') updatedAt: string;
}

@Entity('stock_movements')
export class StockMovementRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ name: 'inventory_id', type: 'int' }) inventoryId: number;
  @Column({ name: 'quantity_delta', type: 'int' }) quantityDelta: number;
  @Column({ name: 'quantity_after', type: 'int' }) quantityAfter: number;
  @Column({ name: 'source_type', type: 'varchar' }) sourceType: string;
  @Column({ name: 'source_id', type: 'int', nullable: true }) sourceId: number | null;
  @Column({ name: 'source_label', type: 'varchar' }) sourceLabel: string;
  @Column({ type: 'varchar' }) note: string;
  @DateTimeColumn('created_at') createdAt: string;
}
