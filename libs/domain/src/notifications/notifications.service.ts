import type { Page } from '../shared/pagination';
import { mobileCaller } from '../auth/mobile-caller';
import { Clock } from '../shared/clock.port';
import { NotFound, ValidationFailed } from '../shared/domain-error';
import { Principal } from '../shared/principal';
import { FeedQuery, StoredNotification } from './notification';
import { CATEGORY_KEYS, completePrefs, isNotificationCategory, NotificationCategory } from './notification-category';
import { NotificationPrefsRepository, NotificationRepository } from './notification.repository.port';

export interface Feed {
  page: Page<StoredNotification>;
  unreadCount: number;
}

/** The caller's feed, read state and push preferences (mobile users only). */
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly prefs: NotificationPrefsRepository,
    private readonly clock: Clock,
  ) {}

  async feed(principal: Principal, query: FeedQuery): Promise<Feed> {
    const me = mobileCaller(principal);
    const [page, unreadCount] = await Promise.all([
      this.notifications.feed(me.accountId, me.userId, query),
      this.notifications.unreadCount(me.accountId, me.userId),
    ]);
    return { page, unreadCount };
  }

  unreadCount(principal: Principal): Promise<number> {
    const me = mobileCaller(principal);
    return this.notifications.unreadCount(me.accountId, me.userId);
  }

  /** Idempotent: an already read notification keeps its first read_at. */
  async markRead(principal: Principal, id: number): Promise<{ id: number; readAt: string }> {
    const me = mobileCaller(principal);
    const readAt = await this.notifications.markRead(me.accountId, me.userId, id, this.clock.now());
    if (!readAt) throw NotFound.of('Notification', id);
    return { id, readAt };
  }

  markAllRead(principal: Principal): Promise<number> {
    const me = mobileCaller(principal);
    return this.notifications.markAllRead(me.accountId, me.userId, this.clock.now());
  }

  async getPrefs(principal: Principal): Promise<Record<NotificationCategory, boolean>> {
    const me = mobileCaller(principal);
    return completePrefs(await this.prefs.get(me.accountId, me.userId));
  }

  /** Merges the given categories over the stored ones; an unknown category or a non-boolean is refused by key. */
  async savePrefs(principal: Principal, input: unknown): Promise<Record<NotificationCategory, boolean>> {
    const me = mobileCaller(principal);
    const changes = parsePrefs(input);
    const merged = { ...(await this.prefs.get(me.accountId, me.userId)), ...changes };
    await this.prefs.save(me.accountId, me.userId, merged, this.clock.now());
    return completePrefs(merged);
  }
}

function parsePrefs(input: unknown): Partial<Record<NotificationCategory, boolean>> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw ValidationFailed.field('prefs', 'must be an object of booleans keyed by category');
  }
  const problems: Record<string, string> = {};
  const out: Partial<Record<NotificationCategory, boolean>> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!isNotificationCategory(key)) problems[`prefs.${key}`] = `is not a category (one of ${CATEGORY_KEYS.join(', ')})`;
    else if (typeof value !== 'boolean') problems[`prefs.${key}`] = 'must be true or false';
    else out[key] = value;
  }
  if (Object.keys(problems).length) throw new ValidationFailed(problems);
  return out;
}
