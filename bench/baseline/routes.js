'use strict';
/**
 * The baselines' routes: each answers one bench request with mysql2 and nothing else (no framework, no
 * validation, no logging). Served by the bare Node `http` server (http-mysql.js) and, for the adapter
 * comparison, by a bare Express app (express-mysql.js). Add a route to ROUTES when a scenario needs one.
 */
const { createHash } = require('node:crypto');
const { baselinePool } = require('./pool');
const { listPage } = require('./versioned');

/** The columns the API's client list reads. */
const CLIENT_COLUMNS =
  'd.id, d.account_id, d.name, d.phone, d.country_code, d.email, d.address, d.gstin, d.state_code, d.reminders_opt_out, d.registration_type, d.created_at, d.updated_at';

const pool = baselinePool(10); // the API's TypeORM pool is 10 too

class HttpError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The calling account, found by the SHA-256 of the bearer key (or X-API-Key). */
async function authenticate(req) {
  const auth = req.headers.authorization || '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  const key = match ? match[1] : req.headers['x-api-key'];
  if (!key) throw new HttpError(401, 'unauthorized', 'An API key is required.');
  const hash = createHash('sha256').update(key, 'utf8').digest('hex');
  const [rows] = await pool.query(
    'SELECT id, business_name, business_email, currency, business_gstin, business_pan, plan, subscription_expires_at, subscription_cancel_at_period_end, suspended_at, deleted_at FROM accounts WHERE api_key_hash = ? LIMIT 1',
    [hash],
  );
  const account = rows[0];
  if (!account || account.deleted_at) throw new HttpError(401, 'unauthorized', 'The API key is not valid.');
  if (account.suspended_at) throw new HttpError(403, 'account_suspended', 'The account is suspended.');
  return account;
}

function effectivePlan(account) {
  if (account.plan !== 'pro') return 'free';
  if (!account.subscription_expires_at) return 'pro';
  return Date.parse(account.subscription_expires_at.replace(' ', 'T') + 'Z') > Date.now() ? 'pro' : 'free';
}

/** The plan object of `GET /v1/me`, as the API's planOf and presentPlan make it. */
function planObject(account) {
  const expires = account.subscription_expires_at;
  if (account.plan !== 'pro') return { code: 'free', label: 'Free', expires_at: expires, lapsed_from_pro: false, cancel_at_period_end: false };
  const active = effectivePlan(account) === 'pro';
  return {
    code: active ? 'pro' : 'free',
    label: active ? 'Pro' : 'Free',
    expires_at: expires,
    lapsed_from_pro: !active,
    cancel_at_period_end: active && Number(account.subscription_cancel_at_period_end) === 1,
  };
}

/**
 * As the API's client reads (clientsWithPlatform): the other accounts of the service whose GSTIN or business email is
 * one of the page's clients' (one statement), each client matched by GSTIN first, else by email, ignoring deleted
 * accounts; the logo unless it is a data: URL; the subscription active when not suspended and on an unexpired Pro.
 */
async function platformsOf(accountId, rows) {
  const gstins = [...new Set(rows.map((c) => c.gstin).filter(Boolean))];
  const emails = [...new Set(rows.map((c) => String(c.email).toLowerCase()))];
  const ors = [];
  const params = [accountId];
  if (gstins.length) {
    ors.push('business_gstin IN (?)');
    params.push(gstins);
  }
  if (emails.length) {
    ors.push('business_email IN (?)');
    params.push(emails);
  }
  const [accounts] = ors.length
    ? await pool.query(
        `SELECT id, business_gstin, business_email, logo_url, plan, subscription_expires_at, suspended_at, deleted_at
           FROM accounts WHERE id <> ? AND (${ors.join(' OR ')}) ORDER BY id`,
        params,
      )
    : [[]];
  const live = accounts.filter((x) => !x.deleted_at);
  const now = Date.now();
  return rows.map((c) => {
    const email = String(c.email).toLowerCase();
    const match = (c.gstin && live.find((x) => x.business_gstin === c.gstin)) || live.find((x) => String(x.business_email || '').toLowerCase() === email);
    if (!match) return { uses_platform: false, platform_logo_url: null, platform_subscription_active: false };
    const expires = match.subscription_expires_at;
    // DATETIME columns come as UTC text (dateStrings, timezone Z).
    const pro = match.plan === 'pro' && (expires === null || Date.parse(`${String(expires).replace(' ', 'T')}Z`) > now);
    return {
      uses_platform: true,
      platform_logo_url: match.logo_url && !/^data:/i.test(match.logo_url) ? match.logo_url : null,
      platform_subscription_active: !match.suspended_at && pro,
    };
  });
}

const ROUTES = {
  'GET /v1/me': async (req) => {
    const a = await authenticate(req);
    return {
      account_id: a.id,
      business_name: a.business_name,
      business_email: a.business_email,
      currency: a.currency,
      business_gstin: a.business_gstin,
      business_pan: a.business_pan,
      subscription_expires_at: a.subscription_expires_at,
      plan: planObject(a),
    };
  },

  'GET /v1/clients': async (req, query) => {
    const a = await authenticate(req);
    const limit = Math.min(Math.max(Number(query.get('limit') || 50), 1), 200);
    const offset = Math.max(Number(query.get('offset') || 0), 0);
    // As the API (shared/versioned-list.ts): the page with the data version, the total kept for that version.
    const { rows, total } = await listPage(
      pool,
      { accountId: a.id, table: 'clients', where: 'd.account_id = ?', params: [a.id], select: CLIENT_COLUMNS, order: 'd.created_at DESC, d.id DESC' },
      { limit, offset },
    );
    const platforms = await platformsOf(a.id, rows);
    return {
      clients: rows.map((c, i) => ({
        client_id: c.id,
        name: c.name,
        phone: c.phone,
        email: c.email,
        country_code: c.country_code,
        address: c.address,
        gstin: c.gstin,
        state_code: c.state_code,
        reminders_opt_out: c.reminders_opt_out === 1,
        registration_type: c.registration_type,
        created_at: c.created_at,
        updated_at: c.updated_at,
        ...platforms[i],
      })),
      total,
      has_more: offset + rows.length < total,
    };
  },

  'GET /health': async () => {
    await pool.query('SELECT 1');
    return { status: 'ok' };
  },
};

// Routes of the invoice, mobile sign-in and notification scenarios, in their own files.
Object.assign(
  ROUTES,
  require('./routes-invoices')({ pool, authenticate, HttpError }),
  require('./routes-auth')({ pool, HttpError }),
  require('./routes-notifications')({ pool, HttpError }),
  require('./routes-analytics')({ pool, authenticate }),
  require('./routes-receivables')({ pool, authenticate, HttpError }),
);

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
}

/** Answers one request with `route` (or 404 when there is none) in the API's envelope. */
function answer(route, req, res, searchParams) {
  if (!route) return send(res, 404, { ok: false, error: { code: 'not_found', message: 'No such route.', details: {} } });
  route(req, searchParams).then(
    (data) => send(res, 200, { ok: true, data }),
    (error) =>
      error instanceof HttpError
        ? send(res, error.status, { ok: false, error: { code: error.code, message: error.message, details: {} } })
        : send(res, 500, { ok: false, error: { code: 'internal_error', message: String(error && error.message), details: {} } }),
  );
}

/** Ends the pool and the process (on SIGTERM and SIGINT), once `server` is closed. */
function stopOnSignals(server) {
  const stop = () => {
    server.close();
    pool.end().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

module.exports = { ROUTES, answer, stopOnSignals };
