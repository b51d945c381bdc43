import { ActivityConsumer, CommittedActivity } from '../activity-relay/activity-relay.port';
import { DeviceRepository } from './device.repository.port';
import { NotificationDraft } from './notification';
import { completePrefs } from './notification-category';
import { NotificationDirectory, NotificationPrefsRepository, NotificationRepository } from './notification.repository.port';
import { draftsOf } from './notification-text';
import { PushHandOff } from './push-hand-off';

/**
 * The first consumer of the activity relay: each committed event becomes one notification per user
 * who may see it, and, when push is configured, a push outbox row for each recipient who has a device
 * and has not switched the category off. The pushes are offered to the queue after the commit.
 */
export class NotifyFromActivity extends ActivityConsumer {
  readonly name = 'notifications';

  constructor(
    private readonly notifications: NotificationRepository,
    private readonly directory: NotificationDirectory,
    private readonly prefs: NotificationPrefsRepository,
    private readonly devices: DeviceRepository,
    private readonly push: PushHandOff,
  ) {
    super();
  }

  async consume(events: CommittedActivity[]): Promise<(() => Promise<void>) | void> {
    const byAccount = new Map<number, CommittedActivity[]>();
    for (const e of events) byAccount.set(e.accountId, [...(byAccount.get(e.accountId) ?? []), e]);
    const pushes: Array<{ accountId: number; notificationId: number }> = [];
    for (const [accountId, list] of byAccount) {
      const drafts = await this.draftsFor(accountId, list);
      if (!drafts.length) continue;
      const ids = await this.notifications.insertMany(drafts);
      if (!this.push.enabled) continue;
      const pushable = await this.pushable(accountId, drafts);
      const notificationIds = pushable.map((d) => ids.get(`${d.eventId}:${d.userId}`)).filter((id): id is number => id !== undefined);
      if (!notificationIds.length) continue;
      await this.push.record(accountId, notificationIds);
      for (const notificationId of notificationIds) pushes.push({ accountId, notificationId });
    }
    if (!pushes.length) return;
    // A refusal (Redis down) stops the offers: the outbox rows stay and the push sweeper offers them.
    return () => this.push.offer(pushes);
  }

  private async draftsFor(accountId: number, events: CommittedActivity[]): Promise<NotificationDraft[]> {
    const team = await this.directory.team(accountId);
    const clientIds = new Set<number>();
    for (const e of events) {
      const id = e.after?.client_id ?? e.before?.client_id;
      if (typeof id === 'number') clientIds.add(id);
    }
    const names = clientIds.size ? await this.directory.clientNames(accountId, [...clientIds]) : new Map<number, string>();
    return events.flatMap((e) => draftsOf(e, team, names));
  }

  private async pushable(accountId: number, drafts: NotificationDraft[]): Promise<NotificationDraft[]> {
    const userIds = [...new Set(drafts.map((d) => d.userId))];
    const withDevices = await this.devices.usersWithDevices(accountId, userIds);
    if (!withDevices.size) return [];
    const prefs = await this.prefs.forUsers(accountId, [...withDevices]);
    return drafts.filter((d) => withDevices.has(d.userId) && completePrefs(prefs.get(d.userId) ?? {})[d.category]);
  }
}
