import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Inventory items with their stock movements, and expenses. */
export class InventoryExpenses1732000004000 implements MigrationInterface {
  name = 'InventoryExpenses1732000004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE inventory_items (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      name VARCHAR(255) NOT NULL,
      sku VARCHAR(100) NOT NULL DEFAULT '',
      barcode_type VARCHAR(30) NOT NULL DEFAULT '',
      type VARCHAR(10) NOT NULL DEFAULT 'product',
      description VARCHAR(2000) NOT NULL DEFAULT '',
      quantity INT NOT NULL DEFAULT 0,
      rate DECIMAL(15,2) NOT NULL,
      discount_type VARCHAR(10) NULL,
      discount_value DECIMAL(15,2) NOT NULL DEFAULT 0,
      tax_rate DECIMAL(7,3) NOT NULL DEFAULT 0,
      hsn_code VARCHAR(20) NOT NULL DEFAULT '',
      created_at DATETIME NOT NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_inventory_account_created (account_id, created_at, id),
      KEY ix_inventory_account_sku (account_id, sku)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE stock_movements (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      inventory_id INT NOT NULL,
      quantity_delta INT NOT NULL,
      quantity_after INT NOT NULL,
      source_type VARCHAR(20) NOT NULL,
      source_id INT NULL,
      source_label VARCHAR(100) NOT NULL DEFAULT '',
      note VARCHAR(500) NOT NULL DEFAULT '',
      created_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_movements_item (account_id, inventory_id, id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE expenses (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      client_id INT NULL,
      expense_description VARCHAR(1000) NOT NULL,
      expense_amount DECIMAL(15,2) NOT NULL,
      expense_category VARCHAR(60) NOT NULL,
      vendor_name VARCHAR(255) NOT NULL DEFAULT '',
      vendor_contact VARCHAR(255) NOT NULL DEFAULT '',
      expense_date DATE NOT NULL,
      expense_status VARCHAR(30) NOT NULL DEFAULT 'paid',
      payment_method VARCHAR(30) NOT NULL DEFAULT '',
      receipt_url VARCHAR(1000) NOT NULL DEFAULT '',
      notes VARCHAR(2000) NOT NULL DEFAULT '',
      created_at DATETIME NOT NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_expenses_account_created (account_id, created_at, id),
      KEY ix_expenses_account_date (account_id, expense_date),
      KEY ix_expenses_account_client (account_id, client_id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE expenses');
    await q.query('DROP TABLE stock_movements');
    await q.query('DROP TABLE inventory_items');
  }
}
