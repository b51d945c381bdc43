import type { Page } from '@app/domain/shared/pagination';
import { FeedQuery, NotificationDraft, StoredNotification } from '@app/domain/notifications/notification';
import { NotificationCategory } from '@app/domain/notifications/notification-category';
import { NotificationRepository } from '@app/domain/notifications/notification.repository.port';
import { Database } from '../database/database';
import { keysetPage, ofD } from '../shared/keyset-list';
import { sqlNow } from '../shared/sql-time';
import { affectedRows, byUser, inTransaction, UnreadCounters } from './unread-counters';

interface NotificationRecord {
  id: number | string;
  account_id: number;
  user_id: number;
  event_id: number | string;
  type: string;
  category: string;
  action: string;
  title: string;
  body: string;
  entity_type: string;
  entity_id: number;
  actor_user_id: number | null;
  screen: string;
  document_type: string | null;
  document_id: number | null;
  read_at: string | null;
  created_at: string;
}

const PURGE_SLICE = 5000;

const COLUMNS = `id, account_id, user_id, event_id, type, category, action, title, body, entity_type, entity_id, actor_user_id,
  screen, document_type, document_id, read_at, created_at`;
const INSERT_COLUMNS = `account_id, user_id, event_id, type, category, action, title, body, entity_type, entity_id, actor_user_id,
  screen, document_type, document_id, created_at`;

function toNotification(r: NotificationRecord): StoredNotification {
  return {
    id: Number(r.id),
    accountId: r.account_id,
    userId: r.user_id,
    eventId: Number(r.event_id),
    type: r.type as StoredNotification['type'],
    category: r.category as NotificationCategory,
    action: r.action,
    title: r.title,
    body: r.body,
    entityType: r.entity_type,
    entityId: r.entity_id,
    actorUserId: r.actor_user_id,
    deepLink: { screen: r.screen, entityType: r.entity_type, entityId: r.entity_id, documentType: r.document_type, documentId: r.document_id },
    readAt: r.read_at,
    createdAt: r.created_at,
  };
}

/** Notifications in plain SQL; the feed reads one index range (account, user, id) per page. */
export class SqlNotificationRepository extends NotificationRepository {
  private readonly counters: UnreadCounters;

  constructor(private readonly db: Database) {
    super();
    this.counters = new UnreadCounters(db);
  }

  async insertMany(drafts: NotificationDraft[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    if (!drafts.length) return ids;
    await inTransaction(this.db, async () => {
      // One statement per user, so each statement's affected rows are that user's newly unread notifications.
      const perUser = new Map<number, NotificationDraft[]>();
      for (const d of drafts) perUser.set(d.userId, [...(perUser.get(d.userId) ?? []), d]);
      const changes = [];
      for (const [userId, own] of perUser) {
        const params: unknown[] = [];
        for (const d of own) {
          params.push(d.accountId, d.userId, d.eventId, d.type, d.category, d.action, d.title, d.body, d.entityType, d.entityId, d.actorUserId);
          params.push(d.deepLink.screen, d.deepLink.documentType, d.deepLink.documentId, sqlNow(d.createdAt));
        }
        // IGNORE: an event already told to a user (uq_notifications_user_event) is not told again.
        const result = await this.db.query(
          `INSERT IGNORE INTO notifications (${INSERT_COLUMNS}) VALUES ${own.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
          params,
        );
        const added = affectedRows(result);
        changes.push({ userId, accountId: own[0].accountId, delta: added, totalDelta: added });
      }
      await this.counters.add(changes);
    });
    const eventIds = [...new Set(drafts.map((d) => d.eventId))];
    const rows = await this.db.query<{ id: number; user_id: number; event_id: number }>(
      `SELECT id, user_id, event_id FROM notifications WHERE account_id = ? AND event_id IN (${eventIds.map(() => '?').join(', ')})`,
      [drafts[0].accountId, ...eventIds],
    );
    for (const r of rows) ids.set(`${Number(r.event_id)}:${r.user_id}`, Number(r.id));
    return ids;
  }

  /** The user's notifications, newest first, by offset or cursor (a cursor is one of the user's notifications). */
  async feed(accountId: number, userId: number, query: FeedQuery): Promise<Page<StoredNotification>> {
    const unread = query.unreadOnly ? ' AND d.read_at IS NULL' : '';
    const page = await keysetPage<NotificationRecord>(
      this.db,
      {
        table: 'notifications',
        where: `d.account_id = ? AND d.user_id = ?${unread}`,
        params: [accountId, userId],
        scope: 'd.account_id = ? AND d.user_id = ?',
        scopeParams: [accountId, userId],
        order: [['id', 'DESC']],
        select: ofD(COLUMNS),
        // Made, or read since.
        changed: 'COALESCE(d.read_at, d.created_at)',
        // The user's counters, kept by every write of this repository.
        total: () => this.counted(accountId, userId).then((c) => (query.unreadOnly ? c.unread : c.total)),
      },
      query,
    );
    return { ...page, rows: page.rows.map(toNotification) };
  }

  /** The user's counter, moved by this repository's every change of `notifications` (unread-counters.ts). */
  async unreadCount(accountId: number, userId: number): Promise<number> {
    return (await this.counted(accountId, userId)).unread;
  }

  /** The user's unread and total notifications, as the counters keep them (0 and 0 without a counter row). */
  private async counted(accountId: number, userId: number): Promise<{ unread: number; total: number }> {
    const rows = await this.db.query<{ unread: number; total: number }>(
      'SELECT unread, total FROM notification_unread_counts WHERE user_id = ? AND account_id = ?',
      [userId, accountId],
    );
    return { unread: Number(rows[0]?.unread ?? 0), total: Number(rows[0]?.total ?? 0) };
  }

  async findOne(accountId: number, userId: number, id: number): Promise<StoredNotification | null> {
    const rows = await this.db.query<NotificationRecord>(`SELECT ${COLUMNS} FROM notifications WHERE id = ? AND account_id = ? AND user_id = ?`, [
      id,
      accountId,
      userId,
    ]);
    return rows[0] ? toNotification(rows[0]) : null;
  }

  async findAny(accountId: number, id: number): Promise<StoredNotification | null> {
    const rows = await this.db.query<NotificationRecord>(`SELECT ${COLUMNS} FROM notifications WHERE id = ? AND account_id = ?`, [id, accountId]);
    return rows[0] ? toNotification(rows[0]) : null;
  }

  async markRead(accountId: number, userId: number, id: number, now: Date): Promise<string | null> {
    await inTransaction(this.db, async () => {
      const result = await this.db.query('UPDATE notifications SET read_at = ? WHERE id = ? AND account_id = ? AND user_id = ? AND read_at IS NULL', [
        sqlNow(now),
        id,
        accountId,
        userId,
      ]);
      await this.counters.add([{ userId, accountId, delta: -affectedRows(result) }]);
    });
    return (await this.findOne(accountId, userId, id))?.readAt ?? null;
  }

  async markAllRead(accountId: number, userId: number, now: Date): Promise<number> {
    return inTransaction(this.db, async () => {
      const result = await this.db.query('UPDATE notifications SET read_at = ? WHERE account_id = ? AND user_id = ? AND read_at IS NULL', [
        sqlNow(now),
        accountId,
        userId,
      ]);
      const n = affectedRows(result);
      await this.counters.add([{ userId, accountId, delta: -n }]);
      return n;
    });
  }

  async deleteCreatedBefore(before: Date): Promise<number> {
    let total = 0;
    // In slices, each its own transaction, so one run never holds a long lock on a big table.
    for (;;) {
      const n = await inTransaction(this.db, () => this.deleteSlice(before));
      total += n;
      if (n < PURGE_SLICE) return total;
    }
  }

  /** Deletes up to one slice of old notifications and takes their unread ones off their users' counters. */
  private async deleteSlice(before: Date): Promise<number> {
    const rows = await this.db.query<{ id: number | string; account_id: number; user_id: number; unread: number | string }>(
      'SELECT id, account_id, user_id, read_at IS NULL AS unread FROM notifications WHERE created_at < ? ORDER BY id LIMIT ? FOR UPDATE',
      [sqlNow(before), PURGE_SLICE],
    );
    if (!rows.length) return 0;
    const result = await this.db.query(
      `DELETE FROM notifications WHERE id IN (${rows.map(() => '?').join(', ')})`,
      rows.map((r) => r.id),
    );
    await this.counters.add(byUser(rows.map((r) => ({ userId: r.user_id, accountId: r.account_id, delta: -Number(r.unread), totalDelta: -1 }))));
    return Math.max(affectedRows(result), rows.length);
  }
}
