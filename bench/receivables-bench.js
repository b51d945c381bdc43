'use strict';
/**
 * The receivables scenarios (docs/performance.md, "Receivables"), each beside the bare baseline of the same SQL
 * (baseline/routes-receivables.js):
 *
 *   - GET /v1/analytics/receivables-ageing over the 100,000-invoice account (seed-invoices.js): p99 under 300 ms.
 *   - GET /v1/clients/{id}/statement of a client with 5,000 entries (2,000 invoices, 250 debit notes, 250 credit
 *     notes, 2,500 payments over four years): at least 0.8 of the baseline's req/s.
 *   - POST /v1/payments with 5 allocations: every request pays five fresh invoices of one client in full (nextBody:
 *     the runner asks for a body per request), so each does the whole work; at least 0.8 of the baseline's req/s.
 *
 * Run them alone with BENCH_ONLY=receivables (every name carries it). Seeding is plain multi-row INSERTs,
 * deterministic, made once per run (memoised on ctx). BENCH_PAYMENT_GROUPS sets how many five-invoice groups the
 * payment scenario may consume (default: enough for 2,000 req/s on each side for the warm-up and the runs: a quiet
 * machine's baseline runs above 1,600 req/s, and a side that runs out answers errors instead of payments);
 * BENCH_AGEING_CONNECTIONS the ageing scenario's connections (default 4).
 */
const { api, log } = require('./setups');
const { ensureInvoices } = require('./seed-invoices');
const { kolkataDate, addDays, fiscalYearOf } = require('./fixtures');

const TAG = '[receivables]';
const DURATION = Number(process.env.BENCH_DURATION || 10);
const WARMUP = Number(process.env.BENCH_WARMUP || 3);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 1));
const PAYMENT_GROUPS = Number(process.env.BENCH_PAYMENT_GROUPS || Math.ceil((DURATION + WARMUP + 1) * ROUNDS * 2 * 2000));
const ALLOCATIONS = 5;
const INVOICE_TOTAL = 1180; // 1,000.00 taxable at 18%
const STATEMENT = { invoices: 2000, debitNotes: 250, creditNotes: 250, payments: 2500 };
/** Connections of the ageing scenario (BENCH_AGEING_CONNECTIONS, default 4): 1 gives the latency of one user's reports. */
const AGEING_CONNECTIONS = Number(process.env.BENCH_AGEING_CONNECTIONS || 4);

const sqlNow = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** The next free id of a table (nothing else writes to it while a setup runs). */
async function nextId(db, table) {
  const [[{ next }]] = await db.query(`SELECT COALESCE(MAX(id), 0) + 1 AS next FROM ${table}`);
  return Number(next);
}

/** Multi-row INSERTs of `rows` into `table (columns)`, 2,000 rows a statement. */
async function insertRows(db, table, columns, rows) {
  for (let i = 0; i < rows.length; i += 2000) await db.query(`INSERT INTO ${table} (${columns}) VALUES ?`, [rows.slice(i, i + 2000)]);
}

const INVOICE_COLUMNS =
  'id, account_id, client_id, fy_start_year, sequence_no, currency, total_amount, created_at, updated_at, invoice_number, invoice_date, ' +
  'payment_due_date, payment_status, status, invoice_type, paid_amount, payment_date, paid_at, tds_amount';

/** An issued INR invoice row (INVOICE_COLUMNS) numbered `number`, paid `paid` on `paidOn` (or not at all). */
function invoiceRow(ctx, id, clientId, number, date, total, { seq, tds = null, paid = 0, paidOn = null } = {}) {
  const status = paid === 0 ? 'pending' : 'paid';
  return [
    id,
    ctx.accountId,
    clientId,
    fiscalYearOf(date),
    seq,
    'INR',
    total,
    `${date} 10:00:00`,
    `${date} 10:00:00`,
    number,
    date,
    addDays(date, 30),
    status,
    'issued',
    'local_sale',
    paid,
    paidOn,
    paidOn && `${paidOn} 06:30:00`,
    tds,
  ];
}

// --- ageing ------------------------------------------------------------------------------------------------------

async function ageing(ctx) {
  await ensureInvoices(ctx);
  ctx.ageingAsOf ??= kolkataDate();
  if (ctx.ageingChecked) return;
  const started = Date.now();
  const answer = await api(ctx, 'GET', `/v1/analytics/receivables-ageing?as_of=${ctx.ageingAsOf}`);
  ctx.ageingChecked = true;
  log(
    `ageing: ${answer.clients.length} clients owe ${answer.totals.total} on ${answer.totals.documents} documents; first answer in ${Date.now() - started} ms`,
  );
}

// --- statement ---------------------------------------------------------------------------------------------------

/**
 * A client with 5,000 statement entries over four years: invoices (every tenth with TDS of its own, which its payment
 * matches), debit and credit notes, a payment for each invoice and debit note (15 days later) and 250 advances.
 */
function seedStatement(ctx) {
  ctx.statementSeeded ??= (async () => {
    await ensureInvoices(ctx);
    const client = await api(ctx, 'POST', '/v1/clients', { name: 'Statement Traders LLP', phone: '9800012345', email: 'accounts@statement.example' });
    const clientId = client.client.client_id;
    const today = kolkataDate();
    const from = addDays(today, -4 * 365);
    const dateOf = (i, n) => addDays(from, Math.floor((i * (4 * 365 - 20)) / n));
    const now = sqlNow();
    const db = ctx.db;
    const [invoiceId, noteId, creditId, paymentId] = await Promise.all(['invoices', 'debit_notes', 'credit_notes', 'payments'].map((t) => nextId(db, t)));
    const invoices = [];
    const payments = [];
    const allocations = [];
    const pay = (clientDate, docType, docId, amount, tds) => {
      const id = paymentId + payments.length;
      const date = addDays(clientDate, 15);
      payments.push([id, ctx.accountId, clientId, amount, tds, docType ? amount : 0, docType ? tds : 0, 'INR', date, 'neft', `UTR${id}`, now, now]);
      if (docType) allocations.push([ctx.accountId, id, clientId, docType, docId, amount, tds, 0, date, now]);
    };
    for (let i = 0; i < STATEMENT.invoices; i++) {
      const date = dateOf(i, STATEMENT.invoices);
      const tds = i % 10 === 0 ? 100 : null;
      const paid = INVOICE_TOTAL - (tds ?? 0);
      invoices.push(invoiceRow(ctx, invoiceId + i, clientId, `RB/ST/${i + 1}`, date, INVOICE_TOTAL, { seq: 800000 + i, tds, paid, paidOn: addDays(date, 15) }));
      pay(date, 'invoice', invoiceId + i, paid, tds ?? 0);
    }
    const notes = (kind, firstId, n) =>
      Array.from({ length: n }, (_, i) => {
        const date = dateOf(i, n);
        return [firstId + i, ctx.accountId, clientId, fiscalYearOf(date), 800000 + i, 'INR', 236, now, now, `RB/${kind}/${i + 1}`, date, 'issued'];
      });
    const debitNotes = notes('DN', noteId, STATEMENT.debitNotes);
    const creditNotes = notes('CN', creditId, STATEMENT.creditNotes);
    for (const n of debitNotes) pay(n[10], 'debit-note', n[0], 236, 0);
    for (let i = payments.length; i < STATEMENT.payments; i++) pay(dateOf(i, STATEMENT.payments), null, null, 5000, 0);
    await insertRows(db, 'invoices', INVOICE_COLUMNS, invoices);
    const noteColumns = (kind) =>
      `id, account_id, client_id, fy_start_year, sequence_no, currency, total_amount, created_at, updated_at, ${kind}_number, ${kind}_date, status`;
    await insertRows(db, 'debit_notes', noteColumns('debit_note'), debitNotes);
    await db.query(`UPDATE debit_notes SET payment_status = 'paid', paid_amount = total_amount WHERE account_id = ? AND client_id = ?`, [
      ctx.accountId,
      clientId,
    ]);
    await insertRows(db, 'credit_notes', noteColumns('credit_note'), creditNotes);
    await insertRows(
      db,
      'payments',
      'id, account_id, client_id, amount, tds_amount, allocated_amount, allocated_tds, currency, payment_date, mode, reference, created_at, updated_at',
      payments,
    );
    await insertRows(
      db,
      'payment_allocations',
      'account_id, payment_id, client_id, document_type, document_id, amount, tds_amount, tds_recorded, allocation_date, created_at',
      allocations,
    );
    await db.query('ANALYZE TABLE invoices, debit_notes, credit_notes, payments, payment_allocations');
    ctx.statementQuery = `from=${from}&to=${today}`;
    ctx.statementClientId = clientId;
    const started = Date.now();
    const statement = await api(ctx, 'GET', `/v1/clients/${clientId}/statement?${ctx.statementQuery}`);
    log(
      `statement: client ${clientId}, ${statement.entries.length} entries, closing balance ${statement.closing_balance}; first answer in ${Date.now() - started} ms`,
    );
    if (statement.entries.length !== invoices.length + debitNotes.length + creditNotes.length + payments.length)
      throw new Error('statement: entry count differs');
  })();
  return ctx.statementSeeded;
}

// --- payments ----------------------------------------------------------------------------------------------------

/** PAYMENT_GROUPS groups of five unpaid invoices of one client each (clients taken in turn), dated 10 days ago. */
function seedPaymentGroups(ctx) {
  ctx.paymentGroupsSeeded ??= (async () => {
    await ensureInvoices(ctx);
    const started = Date.now();
    const date = addDays(kolkataDate(), -10);
    const first = await nextId(ctx.db, 'invoices');
    const rows = [];
    ctx.paymentGroups = [];
    for (let g = 0; g < PAYMENT_GROUPS; g++) {
      const clientId = ctx.clientIds[g % ctx.clientIds.length];
      const ids = [];
      for (let k = 0; k < ALLOCATIONS; k++) {
        const id = first + rows.length;
        rows.push(invoiceRow(ctx, id, clientId, `RB/PAY/${rows.length + 1}`, date, INVOICE_TOTAL, { seq: 900000 + rows.length }));
        ids.push(id);
      }
      ctx.paymentGroups.push({ clientId, ids });
    }
    await insertRows(ctx.db, 'invoices', INVOICE_COLUMNS, rows);
    await ctx.db.query('ANALYZE TABLE invoices, payments, payment_allocations');
    ctx.paymentCursor = 0;
    ctx.paymentDate = kolkataDate();
    log(`payments: ${PAYMENT_GROUPS} groups of ${ALLOCATIONS} unpaid invoices seeded in ${Date.now() - started} ms`);
  })();
  return ctx.paymentGroupsSeeded;
}

/** The body of the next request: the next group's five invoices paid in full by one NEFT receipt. */
function nextPayment(ctx) {
  const group = ctx.paymentGroups[Math.min(ctx.paymentCursor++, ctx.paymentGroups.length - 1)];
  if (ctx.paymentCursor === ctx.paymentGroups.length) log('payments: WARNING every invoice group is used; raise BENCH_PAYMENT_GROUPS');
  return {
    client_id: group.clientId,
    amount: INVOICE_TOTAL * ALLOCATIONS,
    payment_date: ctx.paymentDate,
    mode: 'neft',
    reference: `UTR${ctx.paymentCursor}`,
    allocations: group.ids.map((id) => ({ document_type: 'invoice', document_id: id, amount: INVOICE_TOTAL })),
  };
}

const SCENARIOS = [
  {
    name: `GET /v1/analytics/receivables-ageing (100,000 invoices, ${AGEING_CONNECTIONS} connection${AGEING_CONNECTIONS === 1 ? '' : 's'}) ${TAG}`,
    path: (ctx) => `/v1/analytics/receivables-ageing?as_of=${ctx.ageingAsOf}`,
    setup: ageing,
    connections: AGEING_CONNECTIONS,
    p99Target: 300,
    baseline: { server: 'node-http' },
  },
  {
    name: `GET /v1/clients/{id}/statement (5,000 entries) ${TAG}`,
    path: (ctx) => `/v1/clients/${ctx.statementClientId}/statement?${ctx.statementQuery}`,
    setup: seedStatement,
    target: 0.8,
    baseline: { server: 'node-http', path: (ctx) => `/v1/client-statement?client_id=${ctx.statementClientId}&${ctx.statementQuery}` },
  },
  {
    name: `POST /v1/payments (5 allocations) ${TAG}`,
    method: 'POST',
    path: '/v1/payments',
    nextBody: nextPayment,
    setup: seedPaymentGroups,
    target: 0.8,
    baseline: { server: 'node-http' },
  },
];

module.exports = { SCENARIOS };
