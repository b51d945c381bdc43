import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `activity_events.object_json`: the record as the API returned it right after the change, stored with
 * the event while the account has an enabled webhook endpoint (the webhook's `data.object`).
 * `inventory_items.low_stock_threshold`: a stock movement that takes the quantity from above it to it or
 * below records an `inventory.low_stock` event; null: no alert.
 */
export class WebhookObjectsLowStock1732001700000 implements MigrationInterface {
  name = 'WebhookObjectsLowStock1732001700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE activity_events ADD COLUMN object_json MEDIUMTEXT NULL');
    await q.query('ALTER TABLE inventory_items ADD COLUMN low_stock_threshold INT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE inventory_items DROP COLUMN low_stock_threshold');
    await q.query('ALTER TABLE activity_events DROP COLUMN object_json');
  }
}
