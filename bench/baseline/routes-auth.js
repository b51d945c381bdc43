'use strict';
/**
 * Baseline routes for the mobile sign-in scenarios (added to the ROUTES of http-mysql.js), on bare mysql2:
 *
 *   POST /v1/auth/login  the user by username, bcrypt.compare against its stored hash (the same bcrypt
 *                        package and cost as the API), then one INSERT of the session with SHA-256 hashes
 *                        of two new random tokens (stored revoked, see below); no throttle, no session cap,
 *                        no transaction
 *   GET  /v1/auth/me     SHA-256 of the bearer, one SELECT of mobile_sessions joined to users (the query of
 *                        TypeormSessionRepository.findByAccessTokenHash), the checks of the verifier, then
 *                        the account row
 */
const { createHash, randomBytes } = require('node:crypto');
const bcrypt = require('bcrypt');
const { readJson } = require('./routes-invoices');

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const sqlTime = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The session and account of a mobile access token: SHA-256 of the bearer, one SELECT of mobile_sessions
 * joined to users (the query of TypeormSessionRepository.findByAccessTokenHash), the verifier's checks,
 * then the account row.
 */
async function mobileCaller(pool, HttpError, req) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization || '');
  if (!match || !match[1].startsWith('at_')) throw new HttpError(401, 'unauthorized', 'A mobile access token is required.');
  const hash = sha256(match[1]);
  const [[s]] = await pool.query(
    `SELECT s.id, s.account_id, s.user_id, s.access_token_hash, s.refresh_token_hash, s.device_name, s.platform,
            s.user_agent, s.created_at, s.last_used_at, s.access_expires_at, s.refresh_expires_at, s.revoked_at,
            u.username, u.permissions AS user_permissions, u.deleted_at AS user_deleted_at
       FROM mobile_sessions s JOIN users u ON u.id = s.user_id AND u.account_id = s.account_id
      WHERE s.access_token_hash = ?`,
    [hash],
  );
  const nowText = sqlTime(Date.now());
  if (!s || s.revoked_at || s.user_deleted_at || s.access_expires_at <= nowText) {
    throw new HttpError(401, 'unauthorized', 'The access token is not valid or has expired.');
  }
  const [[a]] = await pool.query('SELECT id, business_name, business_email, suspended_at, deleted_at FROM accounts WHERE id = ?', [s.account_id]);
  if (!a || a.deleted_at) throw new HttpError(401, 'unauthorized', 'This account has been deleted.');
  if (a.suspended_at) throw new HttpError(403, 'account_suspended', 'The account is suspended.');
  return { s, a };
}

module.exports = function authRoutes({ pool, HttpError }) {
  return {
    'POST /v1/auth/login': async (req) => {
      const body = await readJson(req);
      if (typeof body.username !== 'string' || typeof body.password !== 'string') throw new HttpError(400, 'validation_error', 'Bad body.');
      const [[user]] = await pool.query(
        `SELECT u.id, u.account_id, u.username, u.password_hash, u.permissions, a.business_name, a.business_email
           FROM users u JOIN accounts a ON a.id = u.account_id
          WHERE u.username = ? AND u.deleted_at IS NULL AND a.deleted_at IS NULL`,
        [body.username],
      );
      if (!user || !(await bcrypt.compare(body.password, user.password_hash))) {
        throw new HttpError(401, 'unauthorized', 'The username or password is not correct.');
      }
      const now = Math.floor(Date.now() / 1000) * 1000;
      const access = `at_${randomBytes(32).toString('base64url')}`;
      const refresh = `rt_${randomBytes(32).toString('base64url')}`;
      // Stored already revoked: the same INSERT, but these rows must not fill the API's session cap
      // (PRO_SESSIONS) for the same account while the API's own login runs alternate with these.
      const [result] = await pool.query(
        `INSERT INTO mobile_sessions (account_id, user_id, access_token_hash, refresh_token_hash, device_name, platform, user_agent,
           created_at, last_used_at, access_expires_at, refresh_expires_at, revoked_at, revoke_reason)
         VALUES (?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?, ?, ?, 'logout')`,
        [
          user.account_id,
          user.id,
          sha256(access),
          sha256(refresh),
          (req.headers['user-agent'] || '').slice(0, 255) || null,
          sqlTime(now),
          sqlTime(now),
          sqlTime(now + 3600e3),
          sqlTime(now + 30 * 86400e3),
          sqlTime(now),
        ],
      );
      return {
        access_token: access,
        refresh_token: refresh,
        token_type: 'Bearer',
        expires_at: sqlTime(now + 3600e3),
        refresh_expires_at: sqlTime(now + 30 * 86400e3),
        session_id: result.insertId,
        user: { user_id: user.id, account_id: user.account_id, username: user.username, business_email: user.business_email },
        permissions: user.permissions.split(',').filter(Boolean),
        business_name: user.business_name,
        password_upgrade_required: false,
      };
    },

    'GET /v1/auth/me': async (req) => {
      const { s, a } = await mobileCaller(pool, HttpError, req);
      return {
        user_id: s.user_id,
        account_id: s.account_id,
        username: s.username,
        business_email: a.business_email,
        business_name: a.business_name,
        permissions: s.user_permissions.split(',').filter(Boolean),
      };
    },
  };
};

module.exports.mobileCaller = mobileCaller;
