import { DeviceRepository } from './device.repository.port';
import { completePrefs } from './notification-category';
import { NotificationPrefsRepository, NotificationRepository } from './notification.repository.port';
import { deepLinkData, PushJob, PushOutbox, PushSender } from './push.port';

export interface PushAttempt {
  /** Devices already delivered to by earlier attempts of this job (kept in the job between attempts). */
  done: number[];
  /** 1 for the first attempt. */
  attempt: number;
}

export type PushResult =
  | { outcome: 'finished'; sent: number; removed: number; failed: number; skipped?: string }
  | { outcome: 'retry'; done: number[]; retryAfterMs: number | null; error: string };

/**
 * Sends one notification to every device of its recipient, honouring the recipient's prefs at send
 * time. A dead token deletes its device; a transient failure of any device asks for another attempt
 * (devices already reached are not sent again); after `maxAttempts` the rest is given up. When the job
 * finishes, its outbox row goes, and a job whose row is gone sends nothing: the sweeper may have read the row
 * just before an earlier job finished and offered it again once that job had left the queue.
 */
export class DeliverPush {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly prefs: NotificationPrefsRepository,
    private readonly devices: DeviceRepository,
    private readonly outbox: PushOutbox,
    private readonly sender: PushSender,
    private readonly options: { maxAttempts: number },
  ) {}

  async execute(job: PushJob, state: PushAttempt): Promise<PushResult> {
    const finish = async (result: Extract<PushResult, { outcome: 'finished' }>) => {
      await this.outbox.remove(job.accountId, job.notificationId);
      return result;
    };
    if (!(await this.outbox.isPending(job.accountId, job.notificationId))) {
      return { outcome: 'finished', sent: 0, removed: 0, failed: 0, skipped: 'already delivered' };
    }
    if (!this.sender.enabled) return finish({ outcome: 'finished', sent: 0, removed: 0, failed: 0, skipped: 'push not configured' });
    const notification = await this.notifications.findAny(job.accountId, job.notificationId);
    if (!notification) return finish({ outcome: 'finished', sent: 0, removed: 0, failed: 0, skipped: 'notification gone' });
    const prefs = completePrefs(await this.prefs.get(job.accountId, notification.userId));
    if (!prefs[notification.category]) return finish({ outcome: 'finished', sent: 0, removed: 0, failed: 0, skipped: 'category switched off' });

    const message = {
      title: notification.title,
      body: notification.body,
      data: { notification_id: String(notification.id), category: notification.category, ...deepLinkData(notification.deepLink) },
    };
    const done = new Set(state.done);
    let sent = 0;
    let removed = 0;
    let failed = 0;
    const retries: Array<{ error: string; retryAfterMs: number | null }> = [];
    for (const device of await this.devices.forUser(job.accountId, notification.userId)) {
      if (done.has(device.id)) continue;
      const result = await this.sender.send(device.token, message);
      if (result.outcome === 'sent') {
        done.add(device.id);
        sent++;
      } else if (result.outcome === 'unregistered') {
        await this.devices.remove(job.accountId, device.id);
        removed++;
      } else if (result.outcome === 'retry' && state.attempt < this.options.maxAttempts) {
        retries.push({ error: result.error, retryAfterMs: result.retryAfterMs });
      } else {
        failed++;
      }
    }
    if (retries.length) {
      const waits = retries.map((r) => r.retryAfterMs).filter((ms): ms is number => ms !== null);
      return { outcome: 'retry', done: [...done], error: retries[0].error, retryAfterMs: waits.length ? Math.max(...waits) : null };
    }
    return finish({ outcome: 'finished', sent, removed, failed });
  }
}
