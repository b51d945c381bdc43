import { ActivityLog } from '../activity/activity-log.port';
import { TransactionRunner } from '../shared/transaction.port';
import { Pass, Session } from './dispatch-pass';
import { WEBHOOK_DISABLE_AFTER_MS } from './webhook-policy';
import { WebhookEndpoint, WebhookStore } from './webhook.ports';

/** The endpoint's run of failed attempts as a pass sends to it: when to stop, when to disable it. */
export class EndpointFailures {
  constructor(
    private readonly store: WebhookStore,
    private readonly activity: ActivityLog,
    private readonly tx: TransactionRunner,
  ) {}

  /**
   * The endpoint's run of failures: whether the session goes on (decided at once), and the endpoint's
   * `failing_since` started or ended, or the endpoint disabled after 5 days (written in order, in the background).
   */
  track(session: Session, ok: boolean, at: Date, width: number, pass: Pass): void {
    const { endpoint } = session;
    let write: (() => Promise<void>) | null = null;
    if (ok) {
      session.failuresInRow = 0;
      if (session.failingSince) {
        session.failingSince = null;
        write = () => this.store.setFailingSince(endpoint.id, null);
      }
    } else {
      session.failuresInRow++;
      if (session.failuresInRow >= width) session.stop = true;
      if (!session.failingSince) {
        const since = (session.failingSince = at);
        write = () => this.store.setFailingSince(endpoint.id, since);
      } else if (!session.disabled && at.getTime() - session.failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
        session.disabled = true;
        session.stop = true;
        write = () => this.disable(endpoint, at);
      }
    }
    if (write) {
      const next = write;
      session.endpointWrites = session.endpointWrites.then(next).catch((err: unknown) => pass.fail(endpoint.id, null, err));
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
