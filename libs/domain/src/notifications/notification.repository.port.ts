import type { Page } from '../shared/pagination';
import { FeedQuery, NotificationDraft, StoredNotification, TeamMember } from './notification';
import { NotificationCategory } from './notification-category';

/** The per-user notification rows. Every read is scoped by account and user. */
export abstract class NotificationRepository {
  /** Inserts the drafts; returns the id of each, keyed `${eventId}:${userId}`. */
  abstract insertMany(drafts: NotificationDraft[]): Promise<Map<string, number>>;
  /** Newest first. */
  abstract feed(accountId: number, userId: number, query: FeedQuery): Promise<Page<StoredNotification>>;
  abstract unreadCount(accountId: number, userId: number): Promise<number>;
  abstract findOne(accountId: number, userId: number, id: number): Promise<StoredNotification | null>;
  /** The notification of the account with this id, whoever its recipient (the push worker). */
  abstract findAny(accountId: number, id: number): Promise<StoredNotification | null>;
  /** Sets read_at when it is null; returns the row's read_at, or null when the user has no such notification. */
  abstract markRead(accountId: number, userId: number, id: number, now: Date): Promise<string | null>;
  abstract markAllRead(accountId: number, userId: number, now: Date): Promise<number>;
  /** Deletes notifications created before `before` (every account); returns how many. */
  abstract deleteCreatedBefore(before: Date): Promise<number>;
}

/** Push preferences per user: only the stored choices (missing categories are on). */
export abstract class NotificationPrefsRepository {
  abstract get(accountId: number, userId: number): Promise<Partial<Record<NotificationCategory, boolean>>>;
  abstract save(accountId: number, userId: number, prefs: Partial<Record<NotificationCategory, boolean>>, now: Date): Promise<void>;
  abstract forUsers(accountId: number, userIds: number[]): Promise<Map<number, Partial<Record<NotificationCategory, boolean>>>>;
}

/** Who the relay tells, and the names it writes into titles and bodies. */
export abstract class NotificationDirectory {
  /** Users of the account that are not deleted. */
  abstract team(accountId: number): Promise<TeamMember[]>;
  abstract clientNames(accountId: number, clientIds: number[]): Promise<Map<number, string>>;
}
