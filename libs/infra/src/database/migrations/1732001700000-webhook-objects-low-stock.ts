import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `activity_events.object_json`: the record as the API returned it right after the change, stored with
 * the event while the account has an enabled webhook endpoint (the webhook's `data.object`).
 * `inventory_items.low_stock_threshold`: a stock movement that takes the quantity from above it to it or
 * below records an `inventory.low_stock` event; null: no alert. `ix_webhook_deliveries_order`: the dispatcher
 * takes each endpoint's pending delivery of the earliest event (event time, then id).
 */
export class WebhookObjectsLowStock1732001700000 implements MigrationInterface {
  name = 'WebhookObjectsLowStock1732001700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE activity_events ADD COLUMN object_json MEDIUMTEXT NULL');
    await q.query('ALTER TABLE inventory_items ADD COLUMN low_stock_threshold INT NULL');
    await q.query('ALTER TABLE webhook_deliveries ADD KEY ix_webhook_deliveries_order (endpoint_id, status, occurred_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhook_deliveries DROP KEY ix_webhook_deliveries_order');
    await q.query('ALTER TABLE inventory_items DROP COLUMN low_stock_threshold');
    await q.query('ALTER TABLE activity_events DROP COLUMN object_json');
  }
}
