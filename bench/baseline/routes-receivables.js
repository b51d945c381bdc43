'use strict';
/**
 * Baseline routes of the receivables scenarios (bench/receivables-bench.js; added to the ROUTES of http-mysql.js):
 * the statements the API runs, straight on mysql2, with the checks the work needs and nothing else (no framework,
 * validation layer, decimals library or logging).
 *
 *   POST /v1/payments   one READ COMMITTED transaction, the API's statements and round trips, locks as the API takes
 *                       them: the client read; the invoices locked in one read (SELECT ... FOR UPDATE through the
 *                       primary key, in id order) and their allocations in one locking read; the payment INSERT;
 *                       one round trip of the allocations' multi-row INSERT, their ids and the payment's sums; the
 *                       allocations read again under the locks; one round trip of the invoices' UPDATEs; one
 *                       enabled-webhook check; an audit entry per invoice and the payment's
 *   GET  /v1/client-statement?client_id=&from=&to=   the API's /v1/clients/{id}/statement: the client read, the
 *                       balance before the period and the period's lines (the API's two UNION ALL statements, taken
 *                       from dist/), the running balance in integer paise
 *   GET  /v1/analytics/receivables-ageing?as_of=     the API's aggregate statement (from dist/), folded per client in paise,
 *                       the answer kept per account, currency, date and analytics data version as the API keeps it
 *
 * A deadlock victim is retried as the API's transaction runner retries it.
 */
const { readJson } = require('./routes-invoices');
const { requireDist } = require('../dist');

// The API's own statements (compiled in dist/): the statement lines and the ageing.
const { BUMP_VERSION, answerCache } = require('./versioned');
const { LINES, LINES_IN_PERIOD, linesParams } = requireDist('libs/infra/src/payments/sql-statement-reader');
const { AGEING_STATEMENT, ageingParams } = requireDist('libs/infra/src/analytics/sql-receivables-ageing-reader');
const BUCKETS = ['current', '1_30', '31_60', '61_90', 'over_90'];
/** As the API's transaction runner: a deadlock victim or a lock wait timeout is retried, up to 3 attempts. */
const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

const ALLOCATION_COLUMNS = `a.id, a.account_id, a.payment_id, a.client_id, a.document_type, a.document_id, a.amount, a.tds_amount,
  a.tds_recorded, a.payment_source, a.allocation_date, a.created_at`;
const CLIENT_COLUMNS = 'id, account_id, name, phone, email, country_code, address, gstin, state_code, created_at, updated_at';

const paise = (v) => Math.round(Number(v) * 100);
const rupees = (p) => p / 100;
const text = (p) => (p / 100).toFixed(2);
const sqlNow = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
const kolkataToday = () => new Date(Date.now() + 330 * 60000).toISOString().slice(0, 10);

/** The ageing answers kept as the API keeps them (versioned.js, at most 100). */
const kept = answerCache(100);

module.exports = ({ pool, authenticate, HttpError }) => {
  const requireClient = async (conn, accountId, clientId) => {
    const [[client]] = await conn.query(`SELECT ${CLIENT_COLUMNS} FROM clients WHERE id = ? AND account_id = ? LIMIT 1`, [clientId, accountId]);
    if (!client) throw new HttpError(404, 'not_found', 'Client not found.');
    return client;
  };
  const audit = (conn, accountId, action, type, id, label, before, after, now) =>
    conn.query(
      `INSERT INTO activity_events (account_id, actor_kind, actor_user_id, action, entity_type, entity_id, label, before_summary, after_summary, created_at)
       VALUES (?, 'api_key', NULL, ?, ?, ?, ?, ?, ?, ?)`,
      [accountId, action, type, id, label, before && JSON.stringify(before), after && JSON.stringify(after), now],
    );
  /** The live allocations to the invoices, oldest first (locking read, one for all). */
  const documentsAllocations = async (conn, accountId, ids) => {
    const [rows] = await conn.query(
      `SELECT ${ALLOCATION_COLUMNS} FROM payment_allocations a
        WHERE a.account_id = ? AND (a.document_type = 'invoice' AND a.document_id IN (?)) ORDER BY a.id FOR UPDATE`,
      [accountId, ids],
    );
    const byDocument = new Map(ids.map((id) => [id, []]));
    for (const r of rows) byDocument.get(r.document_id).push(r);
    return byDocument;
  };

  /** Inside the transaction: records the payment of `body` with its allocations to invoices; returns its id and allocation ids. */
  async function recordPayment(conn, a, body, now) {
    await requireClient(conn, a.id, body.client_id);
    const ids = body.allocations.map((r) => r.document_id);
    const [locked] = await conn.query(
      `SELECT id, client_id, invoice_number AS number, status, currency, total_amount, tds_amount, payment_status, paid_amount, payment_date, paid_at
         FROM invoices FORCE INDEX (PRIMARY) WHERE id IN (?) AND account_id = ? ORDER BY id FOR UPDATE`,
      [ids, a.id],
    );
    const docs = new Map(locked.map((doc) => [doc.id, doc]));
    if (docs.size !== new Set(ids).size) throw new HttpError(404, 'not_found', 'Invoice not found.');
    const before = await documentsAllocations(conn, a.id, ids);
    for (const r of body.allocations) {
      const doc = docs.get(r.document_id);
      const balance = paise(doc.total_amount) - paise(doc.tds_amount || 0) - before.get(doc.id).reduce((s, x) => s + paise(x.amount), 0);
      const ok = ['issued', 'archived'].includes(doc.status) && doc.client_id === body.client_id && doc.currency === (a.currency || 'INR');
      if (!ok || paise(r.amount) > balance) throw new HttpError(400, 'validation_error', 'The allocations cannot be made.');
    }
    const allocated = body.allocations.reduce((s, r) => s + paise(r.amount), 0);
    const [inserted] = await conn.query(
      `INSERT INTO payments (account_id, client_id, amount, tds_amount, allocated_amount, allocated_tds, currency, payment_date, mode, reference, notes,
         source, created_at, updated_at) VALUES (?, ?, ?, 0, 0, 0, ?, ?, ?, ?, NULL, 'receipt', ?, ?)`,
      [a.id, body.client_id, body.amount, a.currency || 'INR', body.payment_date, body.mode, body.reference || null, now, now],
    );
    const paymentId = inserted.insertId;
    // One round trip, as the API: the allocations, their ids, the payment's sums.
    const [results] = await conn.query(
      `INSERT INTO payment_allocations (account_id, payment_id, client_id, document_type, document_id, amount, tds_amount, tds_recorded, payment_source,
         allocation_date, created_at) VALUES ?;
       SELECT id FROM payment_allocations WHERE account_id = ? AND payment_id = ? AND id >= LAST_INSERT_ID() ORDER BY id;
       UPDATE payments SET allocated_amount = allocated_amount + ?, allocated_tds = allocated_tds + 0, updated_at = ? WHERE account_id = ? AND id = ?`,
      [
        body.allocations.map((r) => [a.id, paymentId, body.client_id, 'invoice', r.document_id, r.amount, 0, 0, 'receipt', body.payment_date, now]),
        a.id,
        paymentId,
        text(allocated),
        now,
        a.id,
        paymentId,
      ],
    );
    const allocationIds = results[1].map((r) => r.id);
    const live = await documentsAllocations(conn, a.id, ids);
    const settled = [...docs.values()].map((doc) => {
      const paid = live.get(doc.id).reduce((s, x) => s + paise(x.amount), 0);
      const receivable = paise(doc.total_amount) - paise(doc.tds_amount || 0);
      const status = paid >= receivable ? 'paid' : paid > 0 ? 'partial' : 'pending';
      const date = live.get(doc.id).reduce((max, x) => (x.allocation_date > max ? x.allocation_date : max), '0000-00-00');
      return { doc, status, paid, date };
    });
    // One round trip, as the API: every invoice's header.
    const update =
      'UPDATE invoices SET payment_status = ?, paid_amount = ?, payment_date = ?, paid_at = ?, tds_amount = ?, updated_at = ? WHERE account_id = ? AND id = ?';
    await conn.query(
      settled.map(() => update).join(';\n'),
      settled.flatMap(({ doc, status, paid, date }) => [status, text(paid), date, status === 'paid' ? now : null, doc.tds_amount, now, a.id, doc.id]),
    );
    await conn.query('SELECT EXISTS(SELECT 1 FROM webhook_endpoints WHERE account_id = ? AND enabled = 1) AS found', [a.id]);
    for (const { doc, status, paid, date } of settled) {
      const summary = { client_id: doc.client_id, currency: doc.currency, total_amount: doc.total_amount, tds_amount: doc.tds_amount };
      await audit(
        conn,
        a.id,
        'updated',
        'invoice',
        doc.id,
        doc.number,
        { ...summary, payment_status: doc.payment_status, paid_amount: doc.paid_amount },
        { ...summary, payment_status: status, paid_amount: text(paid), payment_date: date, payment_id: paymentId },
        now,
      );
    }
    await audit(
      conn,
      a.id,
      'created',
      'payment',
      paymentId,
      `Payment ${paymentId}`,
      null,
      {
        client_id: body.client_id,
        amount: body.amount,
        payment_date: body.payment_date,
        mode: body.mode,
        allocations: body.allocations.map((x) => ({
          document_type: 'invoice',
          document_id: x.document_id,
          number: docs.get(x.document_id).number,
          amount: x.amount,
        })),
      },
      now,
    );
    // As the API (Database.atCommit): the account's data version moved last, right before COMMIT.
    await conn.query(BUMP_VERSION, [a.id]);
    return { paymentId, unallocated: paise(body.amount) - allocated, allocationIds };
  }

  return {
    'POST /v1/payments': async (req) => {
      const a = await authenticate(req);
      const body = await readJson(req);
      if (!Number.isInteger(body.client_id) || !Array.isArray(body.allocations)) throw new HttpError(400, 'validation_error', 'Bad body.');
      for (let attempt = 1; ; attempt++) {
        const conn = await pool.getConnection();
        try {
          // As the API's payments: READ COMMITTED (the locking reads of allocations lock no gaps).
          await conn.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
          await conn.beginTransaction();
          const done = await recordPayment(conn, a, body, sqlNow());
          await conn.commit();
          return { payment_id: done.paymentId, unallocated_amount: rupees(done.unallocated), receipt_number: null, allocation_ids: done.allocationIds };
        } catch (error) {
          await conn.rollback().catch(() => undefined);
          if (attempt >= 3 || !RETRYABLE.has(error.code)) throw error;
        } finally {
          conn.release();
        }
        await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 20));
      }
    },

    'GET /v1/client-statement': async (req, query) => {
      const a = await authenticate(req);
      const clientId = Number(query.get('client_id'));
      const [from, to] = [query.get('from'), query.get('to')];
      const currency = a.currency || 'INR';
      const conn = await pool.getConnection();
      try {
        await requireClient(conn, a.id, clientId);
        const [[{ balance }]] = await conn.query(`SELECT SUM(debit) - SUM(credit) AS balance FROM (${LINES}) l WHERE l.date < ?`, [
          ...linesParams(a.id, clientId, currency),
          from,
        ]);
        const [rows] = await conn.query(LINES_IN_PERIOD, [...linesParams(a.id, clientId, currency), from, to]);
        let running = paise(balance || 0);
        const opening = running;
        const entries = rows.map((r) => {
          running += paise(r.debit) - paise(r.credit);
          return {
            date: r.date,
            type: r.type,
            document_id: r.documentId,
            number: r.number,
            debit: Number(r.debit),
            credit: Number(r.credit),
            balance: rupees(running),
          };
        });
        return { client_id: clientId, from, to, currency, opening_balance: rupees(opening), entries, closing_balance: rupees(running) };
      } finally {
        conn.release();
      }
    },

    'GET /v1/analytics/receivables-ageing': async (req, query) => {
      const a = await authenticate(req);
      const asOf = query.get('as_of') || kolkataToday();
      const currency = a.currency || 'INR';
      // As the API: the answer kept per (account, currency, date, analytics data version), the version read first.
      const [[row]] = await pool.query('SELECT version FROM analytics_versions WHERE account_id = ?', [a.id]);
      return kept(`${a.id}:${currency}:${asOf}:${row ? row.version : 0}`, () => computeAgeing(a, currency, asOf));
    },
  };

  /** The ageing of the account as of the date, folded per client in integer paise. */
  async function computeAgeing(a, currency, asOf) {
    const [rows] = await pool.query(AGEING_STATEMENT, ageingParams({ accountId: a.id, currency, asOf }));
    const empty = () => ({ current: 0, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0, total: 0, documents: 0 });
    const clients = new Map();
    const totals = empty();
    let unconverted = 0;
    for (const r of rows) {
      const c = clients.get(r.clientId) || { client_id: r.clientId, client_name: r.clientName, ...empty() };
      clients.set(r.clientId, c);
      for (const sum of [c, totals]) {
        sum[r.bucket] += paise(r.amount);
        sum.total += paise(r.amount);
        sum.documents += Number(r.count);
      }
      unconverted += Number(r.unconverted);
    }
    const present = (s) => ({ ...s, ...Object.fromEntries([...BUCKETS, 'total'].map((b) => [b, rupees(s[b])])) });
    const list = [...clients.values()].sort((x, y) => y.total - x.total || x.client_id - y.client_id).map(present);
    return { as_of: asOf, currency, clients: list, totals: present(totals), unconverted_documents: unconverted };
  }
};
