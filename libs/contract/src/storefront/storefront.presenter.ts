import { StorefrontEvent } from '@app/domain/storefront/storefront.ports';
import { StorefrontStatus } from '@app/domain/storefront/storefront.service';

export function presentStatus(s: StorefrontStatus) {
  return {
    connected: s.connected,
    shop_domain: s.shopDomain,
    connected_at: s.connectedAt,
    last_event_at: s.lastEventAt,
    backfill: { state: s.backfill.state, done: s.backfill.done, total: s.backfill.total },
  };
}

export function presentEvent(e: StorefrontEvent) {
  return { event_id: e.id, webhook_id: e.webhookId, topic: e.topic, received_at: e.receivedAt, state: e.state, reason: e.reason, invoice_id: e.invoiceId };
}
