import type { Caller } from '../shared/caller';
import { ActivityRecorder } from '../activity/activity-recorder';
import { Clock } from '../shared/clock.port';
import { Conflict, found, NotFound, ValidationFailed } from '../shared/domain-error';
import { Page, PageRequest } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { postSigned } from './signed-post';
import { StoredWebhookEvent, WebhookEventLog } from './webhook-event-log.port';
import { isWebhookEventPattern, PING_EVENT_TYPE, webhookPayload } from './webhook-events';
import { isSuccessStatus, WEBHOOK_SECRET_OVERLAP_MS, WEBHOOK_TIMEOUT_MS } from './webhook-policy';
import { WebhookDelivery, WebhookEndpoint, WebhookEndpointFields, WebhookSigner, WebhookStore, WebhookTransport } from './webhook.ports';

export const MAX_WEBHOOK_ENDPOINTS = 20;

export interface WebhookEndpointInput {
  url?: string;
  description?: string | null;
  events?: string[];
  enabled?: boolean;
}

/** Endpoints of the account's outbound webhooks, their secrets and delivery log. */
export class WebhooksService {
  constructor(
    private readonly store: WebhookStore,
    private readonly transport: WebhookTransport,
    private readonly signer: WebhookSigner,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
    private readonly events: WebhookEventLog,
  ) {}

  list(caller: Caller): Promise<WebhookEndpoint[]> {
    return this.store.listEndpoints(caller.account.id);
  }

  get(caller: Caller, id: number): Promise<WebhookEndpoint> {
    return this.require(caller.account.id, id);
  }

  async create(caller: Caller, input: WebhookEndpointInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const fields = await this.fields(input, null);
    const secret = this.signer.newSecret();
    const id = await this.tx.run(async () => {
      if ((await this.store.countEndpoints(caller.account.id)) >= MAX_WEBHOOK_ENDPOINTS) {
        throw new Conflict(`An account may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`, { limit: MAX_WEBHOOK_ENDPOINTS });
      }
      const created = await this.store.insertEndpoint(caller.account.id, fields, secret, this.clock.now());
      await this.activity.created(caller.principal, 'webhook_endpoint', created, fields.url, { after: { ...fields } });
      return created;
    });
    return { endpoint: await this.require(caller.account.id, id), secret };
  }

  async update(caller: Caller, id: number, input: WebhookEndpointInput): Promise<WebhookEndpoint> {
    const current = await this.require(caller.account.id, id);
    const fields = await this.fields(input, current);
    await this.tx.run(async () => {
      await this.store.updateEndpoint(caller.account.id, id, fields, this.clock.now());
      if (fields.enabled && !current.enabled) await this.store.setFailingSince(id, null);
      const before = { url: current.url, description: current.description, events: current.events, enabled: current.enabled };
      await this.activity.updated(caller.principal, 'webhook_endpoint', id, fields.url, { before, after: { ...fields } });
    });
    return this.require(caller.account.id, id);
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const current = await this.require(caller.account.id, id);
    await this.tx.run(async () => {
      await this.store.deleteEndpoint(caller.account.id, id);
      await this.activity.deleted(caller.principal, 'webhook_endpoint', id, current.url);
    });
  }

  /** A new secret; the old one keeps signing beside it for 24 hours. */
  async rotateSecret(caller: Caller, id: number): Promise<{ secret: string; previousSecretExpiresAt: Date }> {
    const current = await this.require(caller.account.id, id);
    const now = this.clock.now();
    const secret = this.signer.newSecret();
    const until = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS);
    await this.tx.run(async () => {
      await this.store.rotateSecret(caller.account.id, id, secret, current.secret, until, now);
      await this.activity.record(caller.principal, { action: 'secret_rotated', entityType: 'webhook_endpoint', entityId: id, label: current.url });
    });
    return { secret, previousSecretExpiresAt: until };
  }

  async deliveries(caller: Caller, id: number, page: PageRequest): Promise<Page<WebhookDelivery>> {
    await this.require(caller.account.id, id);
    return this.store.listDeliveries(caller.account.id, id, page);
  }

  /** Sends a delivery's event again, as a new delivery in its event's place among the deliveries of its resource. */
  async redeliver(caller: Caller, id: number, deliveryId: number): Promise<WebhookDelivery> {
    await this.require(caller.account.id, id);
    const delivery = await this.store.findDelivery(caller.account.id, id, deliveryId);
    if (!delivery) throw NotFound.of('Delivery', deliveryId);
    const created = await this.store.insertDeliveries(
      [
        {
          accountId: caller.account.id,
          endpointId: id,
          eventId: delivery.eventId,
          eventType: delivery.eventType,
          resourceKey: delivery.resourceKey,
          payload: delivery.payload,
          occurredAt: delivery.occurredAt,
          redeliveryOf: delivery.redeliveryOf ?? delivery.id,
        },
      ],
      this.clock.now(),
    );
    const found = await this.store.findDelivery(caller.account.id, id, created);
    if (!found) throw NotFound.of('Delivery', created);
    return found;
  }

  /**
   * Sends a signed `ping` event to the endpoint now (enabled or not), with the headers, signature and transport of
   * every delivery, and records it as one of the endpoint's deliveries (one attempt: `succeeded` or `failed`, not
   * retried, and not counted in the endpoint's failure run) and the event in the events log. The delivery is
   * written once its attempt is over, so the dispatcher never sees it pending and never sends it a second time.
   */
  async test(caller: Caller, id: number): Promise<WebhookDelivery> {
    const endpoint = await this.require(caller.account.id, id);
    const at = this.clock.now();
    const event: StoredWebhookEvent = {
      id: this.signer.newPingId(),
      accountId: caller.account.id,
      type: PING_EVENT_TYPE,
      resourceType: 'webhook_endpoint',
      resourceId: id,
      payload: '',
      createdAt: at,
    };
    event.payload = webhookPayload({
      id: event.id,
      type: event.type,
      occurredAt: at,
      accountId: event.accountId,
      resourceType: event.resourceType,
      resourceId: id,
      object: { webhook_id: id, url: endpoint.url },
    });
    const response = await postSigned(this.signer, this.transport, endpoint, { eventId: event.id, payload: event.payload }, at, WEBHOOK_TIMEOUT_MS);
    const ok = isSuccessStatus(response.status);
    const deliveryId = await this.tx.run(async () => {
      await this.events.insert([event]);
      const created = await this.store.insertDeliveries(
        [
          {
            accountId: caller.account.id,
            endpointId: id,
            eventId: event.id,
            eventType: event.type,
            resourceKey: `webhook_endpoint:${id}`,
            payload: event.payload,
            occurredAt: at,
          },
        ],
        at,
      );
      await this.store.recordAttempts([
        {
          deliveryId: created,
          attempt: {
            at: this.clock.now(),
            status: ok ? 'succeeded' : 'failed',
            attempts: 1,
            nextAttemptAt: null,
            responseStatus: response.status,
            responseBody: response.body,
            durationMs: response.durationMs,
          },
        },
      ]);
      return created;
    });
    const delivery = await this.store.findDelivery(caller.account.id, id, deliveryId);
    if (!delivery) throw NotFound.of('Delivery', deliveryId);
    return delivery;
  }

  private async require(accountId: number, id: number): Promise<WebhookEndpoint> {
    return found(await this.store.findEndpoint(accountId, id), 'Webhook endpoint', id);
  }

  private async fields(input: WebhookEndpointInput, current: WebhookEndpoint | null): Promise<WebhookEndpointFields> {
    const problems: Record<string, string> = {};
    const url = input.url ?? current?.url;
    const events = input.events ?? current?.events;
    if (url === undefined) problems.url = 'is required';
    if (events === undefined) problems.events = 'is required';
    else if (!events.length) problems.events = 'must list at least one event type';
    else {
      const bad = events.find((e) => !isWebhookEventPattern(e));
      if (bad !== undefined) problems.events = `has an unknown event type "${bad}"`;
    }
    if (url !== undefined && (input.url !== undefined || !current)) {
      const problem = await this.transport.checkUrl(url);
      if (problem) problems.url = problem;
    }
    if (Object.keys(problems).length) throw new ValidationFailed(problems);
    return {
      url: url!,
      events: [...new Set(events)],
      description: input.description === undefined ? (current?.description ?? null) : input.description,
      enabled: input.enabled ?? current?.enabled ?? true,
    };
  }
}
