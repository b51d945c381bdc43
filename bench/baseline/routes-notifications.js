'use strict';
/**
 * Baseline route of the notification feed scenario (added to the ROUTES of http-mysql.js), on bare mysql2:
 * the mobile caller as GET /v1/auth/me finds it, then the API's two queries side by side (the page of the
 * caller's notifications, newest first, and the user's unread and total counters, kept as the API keeps them) and
 * the same JSON fields.
 */
const { mobileCaller } = require('./routes-auth');

module.exports = function notificationRoutes({ pool, HttpError }) {
  return {
    'GET /v1/notifications': async (req, query) => {
      const { s } = await mobileCaller(pool, HttpError, req);
      const limit = Math.min(Math.max(Number(query.get('limit') || 50), 1), 100);
      const offset = Math.max(Number(query.get('offset') || 0), 0);
      const [[rows], [counts]] = await Promise.all([
        pool.query(
          `SELECT id, account_id, user_id, event_id, type, category, action, title, body, entity_type, entity_id, actor_user_id,
             screen, document_type, document_id, read_at, created_at
             FROM notifications WHERE account_id = ? AND user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
          [s.account_id, s.user_id, limit, offset],
        ),
        pool.query('SELECT unread, total FROM notification_unread_counts WHERE user_id = ? AND account_id = ?', [s.user_id, s.account_id]),
      ]);
      const n = counts.length ? counts[0].unread : 0;
      const total = counts.length ? Number(counts[0].total) : 0;
      return {
        notifications: rows.map((r) => ({
          notification_id: Number(r.id),
          type: r.type,
          category: r.category,
          action: r.action,
          title: r.title,
          body: r.body,
          entity_type: r.entity_type,
          entity_id: r.entity_id,
          actor_user_id: r.actor_user_id,
          read_at: r.read_at,
          created_at: r.created_at,
          deep_link: { screen: r.screen, entity_type: r.entity_type, entity_id: r.entity_id, document_type: r.document_type, document_id: r.document_id },
        })),
        unread_count: Number(n),
        total,
        has_more: offset + rows.length < total,
        limit,
        offset,
      };
    },
  };
};
