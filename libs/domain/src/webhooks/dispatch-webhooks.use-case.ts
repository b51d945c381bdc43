import { ActivityLog } from '../activity/activity-log.port';
import { Clock } from '../shared/clock.port';
import { TransactionRunner } from '../shared/transaction.port';
import { isSuccessStatus, nextAttemptAt, WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_TIMEOUT_MS } from './webhook-policy';
import { WebhookDelivery, WebhookEndpoint, WebhookSigner, WebhookStore, WebhookTransport } from './webhook.ports';

export interface DispatchResult {
  attempted: number;
  succeeded: number;
}

/**
 * One round of webhook sending: the oldest due delivery of each endpoint (so an endpoint gets its events
 * in order; a later one waits while an earlier one is retried), each endpoint leased to this process for
 * the attempt. A failed attempt is retried on the backoff schedule; after the last it is `failed`. An
 * endpoint failing without a success for 5 days is disabled and the account told through its activity
 * log (notifications and the audit trail).
 */
export class DispatchWebhooks {
  constructor(
    private readonly store: WebhookStore,
    private readonly transport: WebhookTransport,
    private readonly signer: WebhookSigner,
    private readonly activity: ActivityLog,
    private readonly clock: Clock,
    private readonly tx: TransactionRunner,
    private readonly options: { concurrency: number; timeoutMs?: number },
  ) {}

  async execute(): Promise<DispatchResult> {
    const due = await this.store.dueDeliveries(this.clock.now(), this.options.concurrency * 4);
    let attempted = 0;
    let succeeded = 0;
    const queue = [...due];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const ok = await this.attempt(next.endpoint, next.delivery);
        if (ok === null) continue;
        attempted++;
        if (ok) succeeded++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, queue.length) }, worker));
    return { attempted, succeeded };
  }

  /** True/false: the attempt's outcome; null: another process holds the endpoint. */
  private async attempt(endpoint: WebhookEndpoint, delivery: WebhookDelivery): Promise<boolean | null> {
    const timeoutMs = this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    const start = this.clock.now();
    if (!(await this.store.leaseEndpoint(endpoint.id, start, new Date(start.getTime() + timeoutMs * 3)))) return null;
    try {
      const secrets = [endpoint.secret];
      if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > start) secrets.push(endpoint.previousSecret);
      const signature = secrets.map((s) => this.signer.sign(s, delivery.eventId, start, delivery.payload)).join(' ');
      const response = await this.transport.post(
        endpoint.url,
        {
          'Content-Type': 'application/json',
          'Webhook-Id': delivery.eventId,
          'Webhook-Timestamp': String(Math.floor(start.getTime() / 1000)),
          'Webhook-Signature': signature,
        },
        delivery.payload,
        timeoutMs,
      );
      const at = this.clock.now();
      const attempts = delivery.attempts + 1;
      const ok = isSuccessStatus(response.status);
      const retryAt = ok ? null : nextAttemptAt(attempts, at);
      await this.store.recordAttempt(delivery.id, {
        at,
        attempts,
        status: ok ? 'succeeded' : retryAt ? 'pending' : 'failed',
        nextAttemptAt: retryAt,
        responseStatus: response.status,
        responseBody: response.body,
        durationMs: response.durationMs,
      });
      if (ok) {
        if (endpoint.failingSince) await this.store.setFailingSince(endpoint.id, null);
      } else {
        const since = endpoint.failingSince ?? at;
        if (!endpoint.failingSince) await this.store.setFailingSince(endpoint.id, since);
        if (at.getTime() - since.getTime() >= WEBHOOK_DISABLE_AFTER_MS) await this.disable(endpoint, at);
      }
      return ok;
    } finally {
      await this.store.releaseEndpoint(endpoint.id);
    }
  }

  /** Disables the endpoint and records it (the audit trail; the owner's `integrations` notification) at once. */
  private async disable(endpoint: WebhookEndpoint, at: Date): Promise<void> {
    await this.tx.run(async () => {
      await this.store.disableEndpoint(endpoint.id, 'failing', at);
      await this.activity.append({
        accountId: endpoint.accountId,
        actorKind: 'system',
        actorUserId: null,
        action: 'disabled',
        entityType: 'webhook_endpoint',
        entityId: endpoint.id,
        label: endpoint.url,
        before: { enabled: true },
        after: { enabled: false, reason: 'failing for 5 days' },
        occurredAt: at,
      });
    });
  }
}
