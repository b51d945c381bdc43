import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks go out side by side, in order per resource. `webhook_deliveries.resource_key` names the record an
 * event is about (`invoice:42`): the dispatcher sends, of each resource, its pending delivery of the earliest
 * event (`ix_webhook_deliveries_heads`, which covers that query) and several resources of one endpoint at once.
 * `ix_webhook_deliveries_endpoint_due` finds each endpoint's earliest due delivery; the three indexes they replace
 * served the one-delivery-per-endpoint order (each status change of a delivery writes every index on status). `webhook_endpoints.lease_owner` is the token of the process
 * holding the endpoint (`lease_until`), so a lease is extended and released only by its holder. Pending
 * deliveries made before take their resource from their activity event (`evt_<activity id>_<n>`).
 */
export class WebhookDeliveryOrder1732001810000 implements MigrationInterface {
  name = 'WebhookDeliveryOrder1732001810000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries
      ADD COLUMN resource_key VARCHAR(80) NULL AFTER event_type,
      ADD KEY ix_webhook_deliveries_heads (endpoint_id, status, resource_key, occurred_at, id, next_attempt_at),
      ADD KEY ix_webhook_deliveries_endpoint_due (endpoint_id, status, next_attempt_at)`);
    await q.query(
      'ALTER TABLE webhook_deliveries DROP KEY ix_webhook_deliveries_order, DROP KEY ix_webhook_deliveries_endpoint, DROP KEY ix_webhook_deliveries_due',
    );
    await q.query('ALTER TABLE webhook_endpoints ADD COLUMN lease_owner CHAR(36) NULL AFTER lease_until');
    await q.query(`UPDATE webhook_deliveries d
      JOIN activity_events a ON a.id = CAST(SUBSTRING_INDEX(SUBSTRING_INDEX(d.event_id, '_', 2), '_', -1) AS UNSIGNED) AND a.account_id = d.account_id
      SET d.resource_key = CONCAT(a.entity_type, ':', a.entity_id)
      WHERE d.status = 'pending' AND d.event_id LIKE 'evt\\_%'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhook_endpoints DROP COLUMN lease_owner');
    await q.query(`ALTER TABLE webhook_deliveries
      ADD KEY ix_webhook_deliveries_endpoint (endpoint_id, status, id),
      ADD KEY ix_webhook_deliveries_due (status, next_attempt_at),
      ADD KEY ix_webhook_deliveries_order (endpoint_id, status, occurred_at, id)`);
    await q.query(`ALTER TABLE webhook_deliveries
      DROP KEY ix_webhook_deliveries_heads,
      DROP KEY ix_webhook_deliveries_endpoint_due,
      DROP COLUMN resource_key`);
  }
}
