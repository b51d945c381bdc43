import type { PageRequest } from '../shared/pagination';
import { PermissionKey } from '../shared/principal';
import { NotificationCategory } from './notification-category';

export interface DeepLink {
  screen: string;
  entityType: string;
  entityId: number;
  documentType: string | null;
  documentId: number | null;
}

/** One notification of one user's feed (rows are per recipient: read state is per user). */
export interface NotificationDraft {
  accountId: number;
  userId: number;
  eventId: number;
  type: 'activity' | 'login_alert';
  category: NotificationCategory;
  action: string;
  title: string;
  body: string;
  entityType: string;
  entityId: number;
  actorUserId: number | null;
  deepLink: DeepLink;
  createdAt: Date;
}

/** A stored notification; timestamps are 'Y-m-d H:i:s' UTC as on the wire. */
export interface StoredNotification extends Omit<NotificationDraft, 'createdAt'> {
  id: number;
  readAt: string | null;
  createdAt: string;
}

/** A user of the account as the relay sees it when deciding who is told. */
export interface TeamMember {
  id: number;
  username: string;
  isOwner: boolean;
  permissions: readonly PermissionKey[];
}

/** A page of the feed (by offset or by cursor; `updatedSince` compares when a notification was made). */
export interface FeedQuery extends PageRequest {
  unreadOnly: boolean;
}

/** Days a notification stays in the feed before the daily clean-up removes it. */
export const NOTIFICATION_RETENTION_DAYS = 90;
export const NOTIFICATION_MAX_LIMIT = 100;
