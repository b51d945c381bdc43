'use strict';
/**
 * The notification feed scenario: GET /v1/notifications?limit=50 for the bench user, who has 20,000
 * notifications (BENCH_NOTIFICATIONS; every other one read), beside the bare mysql2 baseline of the same
 * queries. Target: at least 0.8 of the baseline's req/s and p99 under 50 ms.
 */
const { accessToken, log } = require('./setups');

const COUNT = Number(process.env.BENCH_NOTIFICATIONS || 20000);
const CATEGORIES = ['invoices', 'clients', 'payments', 'quotations', 'login'];

/** Seeds the bench user's notifications in multi-row INSERTs (once; kept when the count is already there). */
async function seedNotifications(ctx) {
  await accessToken(ctx);
  const [[user]] = await ctx.db.query('SELECT id FROM users WHERE account_id = ? AND username = ?', [ctx.accountId, ctx.username]);
  const [[{ n }]] = await ctx.db.query('SELECT COUNT(*) AS n FROM notifications WHERE account_id = ? AND user_id = ?', [ctx.accountId, user.id]);
  if (Number(n) === COUNT) return;
  await ctx.db.query('DELETE FROM notifications WHERE account_id = ? AND user_id = ?', [ctx.accountId, user.id]);
  log(`seeding ${COUNT} notifications`);
  const start = Date.now() - COUNT * 60_000;
  const sqlTime = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  for (let from = 0; from < COUNT; from += 1000) {
    const rows = [];
    for (let i = from; i < Math.min(COUNT, from + 1000); i++) {
      const category = CATEGORIES[i % CATEGORIES.length];
      const at = sqlTime(start + i * 60_000);
      rows.push([
        ctx.accountId,
        user.id,
        1_000_000 + i,
        category === 'login' ? 'login_alert' : 'activity',
        category,
        'created',
        'Invoice created',
        `priya created invoice INV/26-27/${String(i).padStart(4, '0')} for Sharma Traders, ₹1,18,000.00.`,
        'invoice',
        i + 1,
        null,
        'invoice_detail',
        'invoice',
        i + 1,
        i % 2 === 0 ? at : null,
        at,
      ]);
    }
    await ctx.db.query(
      `INSERT INTO notifications (account_id, user_id, event_id, type, category, action, title, body, entity_type, entity_id, actor_user_id,
         screen, document_type, document_id, read_at, created_at) VALUES ?`,
      [rows],
    );
  }
  // The API keeps each user's unread and total counters as it writes; rows seeded by plain SQL are counted here.
  await ctx.db.query(
    `INSERT INTO notification_unread_counts (user_id, account_id, unread, total)
       SELECT user_id, account_id, SUM(read_at IS NULL), COUNT(*) FROM notifications WHERE account_id = ? AND user_id = ? GROUP BY user_id, account_id
     ON DUPLICATE KEY UPDATE unread = VALUES(unread), total = VALUES(total)`,
    [ctx.accountId, user.id],
  );
}

const SCENARIO = {
  name: 'GET /v1/notifications?limit=50 (20,000 notifications, half read)',
  path: '/v1/notifications?limit=50',
  auth: false,
  headers: (ctx) => ({ authorization: `Bearer ${ctx.accessToken}` }),
  setup: seedNotifications,
  target: 0.8,
  baseline: { server: 'node-http' },
};

module.exports = { SCENARIO, seedNotifications };
