import { pageAt } from './in-memory-rows';
import { Page, PageRequest } from '../src/shared/pagination';
import { AttemptRecord, NewWebhookDelivery, WebhookDelivery, WebhookEndpoint, WebhookEndpointFields, WebhookStore } from '../src/webhooks/webhook.ports';

/** Webhook endpoints and deliveries in arrays, with the dispatcher's leases and head order as the SQL store keeps them. */
export class InMemoryWebhookStore extends WebhookStore {
  readonly endpoints: Array<WebhookEndpoint & { leaseUntil: number | null; leaseOwner: string | null }> = [];
  readonly deliveries: Array<WebhookDelivery & { accountId: number }> = [];
  private leases = 0;

  addEndpoint(accountId: number, url: string, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
    const at = new Date('2025-01-01T00:00:00Z');
    const endpoint = {
      id: this.endpoints.length + 1,
      accountId,
      url,
      description: null,
      events: ['*'],
      enabled: true,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      previousSecret: null,
      previousSecretUntil: null,
      failingSince: null,
      disabledReason: null,
      createdAt: at,
      updatedAt: at,
      ...over,
      leaseUntil: null,
      leaseOwner: null,
    };
    this.endpoints.push(endpoint);
    return endpoint;
  }

  async listEndpoints(accountId: number): Promise<WebhookEndpoint[]> {
    return this.endpoints.filter((e) => e.accountId === accountId);
  }

  async findEndpoint(accountId: number, id: number): Promise<WebhookEndpoint | null> {
    const endpoint = this.endpoints.find((e) => e.accountId === accountId && e.id === id);
    return endpoint ? { ...endpoint } : null;
  }

  async countEndpoints(accountId: number): Promise<number> {
    return (await this.listEndpoints(accountId)).length;
  }

  async insertEndpoint(accountId: number, fields: WebhookEndpointFields, secret: string): Promise<number> {
    return this.addEndpoint(accountId, fields.url, { ...fields, secret }).id;
  }

  async updateEndpoint(accountId: number, id: number, fields: WebhookEndpointFields): Promise<void> {
    const endpoint = this.endpoints.find((e) => e.accountId === accountId && e.id === id);
    if (endpoint) Object.assign(endpoint, fields);
  }

  async deleteEndpoint(accountId: number, id: number): Promise<void> {
    this.endpoints.splice(
      this.endpoints.findIndex((e) => e.accountId === accountId && e.id === id),
      1,
    );
  }

  async rotateSecret(accountId: number, id: number, secret: string, previous: string, previousUntil: Date): Promise<void> {
    const endpoint = this.endpoints.find((e) => e.accountId === accountId && e.id === id);
    if (endpoint) Object.assign(endpoint, { secret, previousSecret: previous, previousSecretUntil: previousUntil });
  }

  async enabledEndpoints(accountIds: number[]): Promise<WebhookEndpoint[]> {
    return this.endpoints.filter((e) => e.enabled && accountIds.includes(e.accountId));
  }

  async insertDeliveries(rows: NewWebhookDelivery[], now: Date): Promise<number> {
    let id = 0;
    for (const r of rows) {
      id = this.deliveries.length + 1;
      this.deliveries.push({
        id,
        accountId: r.accountId,
        endpointId: r.endpointId,
        eventId: r.eventId,
        eventType: r.eventType,
        resourceKey: r.resourceKey,
        payload: r.payload,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        lastAttemptAt: null,
        responseStatus: null,
        responseBody: null,
        durationMs: null,
        occurredAt: r.occurredAt,
        createdAt: now,
        redeliveryOf: r.redeliveryOf ?? null,
      });
    }
    return id;
  }

  async listDeliveries(accountId: number, endpointId: number, page: PageRequest): Promise<Page<WebhookDelivery>> {
    const rows = this.deliveries.filter((d) => d.accountId === accountId && d.endpointId === endpointId).reverse();
    return pageAt(rows, page, (a, b) => b.id - a.id);
  }

  async findDelivery(accountId: number, endpointId: number, id: number): Promise<WebhookDelivery | null> {
    return this.deliveries.find((d) => d.accountId === accountId && d.endpointId === endpointId && d.id === id) ?? null;
  }

  async dueEndpoints(now: Date, limit: number, except: readonly number[]): Promise<Array<{ id: number; accountId: number }>> {
    const dueAt = (e: { id: number }) =>
      Math.min(...this.deliveries.filter((d) => d.endpointId === e.id && d.status === 'pending').map((d) => d.nextAttemptAt!.getTime()));
    return this.endpoints
      .filter((e) => e.enabled && (e.leaseUntil === null || e.leaseUntil < now.getTime()) && !except.includes(e.id) && dueAt(e) <= now.getTime())
      .sort((x, y) => dueAt(x) - dueAt(y) || x.id - y.id)
      .slice(0, limit)
      .map((e) => ({ id: e.id, accountId: e.accountId }));
  }

  async dueHeads(endpointId: number, now: Date, limit: number, taken: readonly number[]): Promise<WebhookDelivery[]> {
    const pending = this.deliveries
      .filter((d) => d.endpointId === endpointId && d.status === 'pending')
      .sort((x, y) => x.occurredAt.getTime() - y.occurredAt.getTime() || x.id - y.id);
    const seen = new Set<string | null>();
    const heads: WebhookDelivery[] = [];
    for (const d of pending) {
      if (seen.has(d.resourceKey)) continue;
      seen.add(d.resourceKey);
      if (d.nextAttemptAt!.getTime() <= now.getTime() && !taken.includes(d.id)) heads.push({ ...d });
    }
    return heads.slice(0, limit);
  }

  async leaseEndpoint(endpointId: number, now: Date, until: Date): Promise<string | null> {
    const endpoint = this.endpoints.find((e) => e.id === endpointId && e.enabled);
    if (!endpoint || (endpoint.leaseUntil !== null && endpoint.leaseUntil >= now.getTime())) return null;
    endpoint.leaseUntil = until.getTime();
    endpoint.leaseOwner = `lease-${++this.leases}`;
    return endpoint.leaseOwner;
  }

  async renewLease(endpointId: number, lease: string, until: Date): Promise<boolean> {
    const endpoint = this.endpoints.find((e) => e.id === endpointId && e.leaseOwner === lease);
    if (endpoint) endpoint.leaseUntil = until.getTime();
    return Boolean(endpoint);
  }

  async releaseEndpoint(endpointId: number, lease: string): Promise<void> {
    const endpoint = this.endpoints.find((e) => e.id === endpointId && e.leaseOwner === lease);
    if (endpoint) Object.assign(endpoint, { leaseUntil: null, leaseOwner: null });
  }

  /** How many statements `recordAttempts` made, and the rows of each. */
  readonly recordBatches: number[] = [];

  async recordAttempts(records: ReadonlyArray<{ deliveryId: number; attempt: AttemptRecord }>): Promise<void> {
    await new Promise((r) => setTimeout(r, 1)); // a round trip
    this.recordBatches.push(records.length);
    for (const { deliveryId, attempt: a } of records) {
      const delivery = this.deliveries.find((d) => d.id === deliveryId);
      if (delivery)
        Object.assign(delivery, {
          status: a.status,
          attempts: a.attempts,
          nextAttemptAt: a.nextAttemptAt,
          lastAttemptAt: a.at,
          responseStatus: a.responseStatus,
          responseBody: a.responseBody,
          durationMs: a.durationMs,
        });
    }
  }

  async setFailingSince(endpointId: number, since: Date | null): Promise<void> {
    const endpoint = this.endpoints.find((e) => e.id === endpointId);
    if (endpoint) endpoint.failingSince = since;
  }

  async disableEndpoint(endpointId: number, reason: string): Promise<void> {
    const endpoint = this.endpoints.find((e) => e.id === endpointId);
    if (endpoint) Object.assign(endpoint, { enabled: false, disabledReason: reason });
  }
}
