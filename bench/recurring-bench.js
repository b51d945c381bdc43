'use strict';
/**
 * The daily jobs (issue 36, acceptance 4): the recurring invoices pass over BENCH_RECURRING_PROFILES (10,000) due
 * profiles, then the payment reminders pass over accounts holding BENCH_UNPAID_INVOICES (100,000) unpaid invoices,
 * spread over BENCH_RECURRING_ACCOUNTS (100) accounts in Asia/Kolkata, each with its clients, reminders on (3 days
 * before the due date, 1 and 7 after) and a month's worth of due dates around the day. Seeded with multi-row INSERTs.
 *
 * The worker's passes run in one process (bench/recurring-job.js: the built worker's application context), then the
 * made rows are removed, then the bare mysql2 baseline (bench/baseline/recurring-job.js) issues the same selects and
 * inserts in one process. Figure: the worker's time over the baseline's, target at most 1.5x. No email is sent (the
 * accounts store no signature: a reminder records why; delivery is the sendout bench's figure).
 * `BENCH_ONLY=daily` runs this extra alone.
 */
const { execFile } = require('node:child_process');
const path = require('node:path');
const { clientRows } = require('./seed');
const { kolkataDate, addDays, fiscalYearOf } = require('./fixtures');

const PROFILES = Number(process.env.BENCH_RECURRING_PROFILES || 10000);
const UNPAID = Number(process.env.BENCH_UNPAID_INVOICES || 100000);
const ACCOUNTS = Number(process.env.BENCH_RECURRING_ACCOUNTS || 100);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const STEPS = [-3, 1, 7].map((days_offset) => ({
  days_offset,
  subject: 'Invoice {{invoice_number}}',
  message: '{{balance}} due on {{due_date}}',
  enabled: true,
}));
const TEMPLATE = {
  items: [
    { item_description: 'Monthly maintenance retainer', hsn_code: '998719', quantity: 1, rate: 12000, tax_rate: 18 },
    { item_description: 'Spares allowance', hsn_code: '8536', quantity: 2, rate: 850, tax_rate: 18 },
  ],
};

const log = (m) => process.stderr.write(`[bench] ${m}\n`);
const sqlTime = (d = new Date()) => d.toISOString().slice(0, 19).replace('T', ' ');

async function insertRows(db, sql, rows, chunk = 2000) {
  for (let i = 0; i < rows.length; i += chunk) await db.query(sql, [rows.slice(i, i + chunk)]);
}

/** The accounts, clients, profiles, unpaid invoices (one line each) and reminder settings; memoised on ctx. */
async function seed(ctx, day) {
  if (ctx.daily) return ctx.daily;
  const { db } = ctx;
  const now = sqlTime();
  const started = Date.now();
  const [[{ next }]] = await db.query('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM accounts');
  const accountIds = Array.from({ length: ACCOUNTS }, (_, i) => Number(next) + i);
  await insertRows(
    db,
    'INSERT INTO accounts (id, business_name, business_email, currency, state_code, plan, subscription_expires_at, created_at, updated_at) VALUES ?',
    accountIds.map((id) => [id, `Daily Traders ${id}`, `daily${id}@bench.invoicing.local`, 'INR', '27', 'pro', '2099-12-31 00:00:00', now, now]),
  );
  const perAccount = Math.ceil(PROFILES / ACCOUNTS);
  await insertRows(
    db,
    'INSERT INTO clients (account_id, name, phone, country_code, email, address, gstin, state_code, created_at, updated_at) VALUES ?',
    accountIds.flatMap((id) => clientRows(id, perAccount, id)),
  );
  const [clients] = await db.query('SELECT id, account_id FROM clients WHERE account_id IN (?) ORDER BY id', [accountIds]);
  const template = JSON.stringify(TEMPLATE);
  await insertRows(
    db,
    `INSERT INTO recurring_invoices (account_id, client_id, status, frequency, interval_count, start_date, payment_terms_days, catch_up, auto_send,
       template, next_run_date, runs_count, created_at, updated_at) VALUES ?`,
    clients.slice(0, PROFILES).map((c) => [c.account_id, c.id, 'active', 'monthly', 1, day, 15, 'each', 0, template, day, 0, now, now]),
  );
  // Unpaid invoices due from 30 days before the day to 10 after it (a month's invoices: the ones a pass reads), and older ones.
  const fy = fiscalYearOf(day);
  const invoices = [];
  for (let i = 0; i < UNPAID; i++) {
    const c = clients[i % clients.length];
    const due = addDays(day, i % 20 === 0 ? -30 + (i % 41) : -400 + (i % 370));
    invoices.push([c.account_id, c.id, fy, i + 1, 'INR', 1180, now, now, `OLD/${i + 1}`, addDays(due, -15), due, 'pending', 'issued', 'intra_state_sale']);
  }
  await insertRows(
    db,
    `INSERT INTO invoices (account_id, client_id, fy_start_year, sequence_no, currency, total_amount, created_at, updated_at, invoice_number,
       invoice_date, payment_due_date, payment_status, status, invoice_type) VALUES ?`,
    invoices,
  );
  await db.query(
    `INSERT INTO invoice_items (invoice_id, account_id, item_description, hsn_code, quantity, rate, tax_rate, cgst_amount, sgst_amount, igst_amount, total_amount)
     SELECT id, account_id, 'Maintenance visit', '998719', 1, 1000, 18, 90, 90, 0, 1180 FROM invoices WHERE account_id IN (?)`,
    [accountIds],
  );
  await insertRows(
    db,
    'INSERT INTO reminder_settings (account_id, enabled, steps, enabled_on, updated_at) VALUES ?',
    accountIds.map((id) => [id, 1, JSON.stringify(STEPS), addDays(day, -365), now]),
  );
  await db.query('ANALYZE TABLE accounts, clients, recurring_invoices, invoices, invoice_items, reminder_settings');
  log(`daily jobs: ${ACCOUNTS} accounts, ${clients.length} clients, ${PROFILES} profiles, ${UNPAID} unpaid invoices seeded in ${Date.now() - started} ms`);
  ctx.daily = { accountIds };
  return ctx.daily;
}

/** The tables a pass writes, keyed by account: what a run made is removed after it, so both runs start alike. */
const MADE = ['recurring_invoice_runs', 'invoice_reminders', 'activity_events'];

async function marks(db) {
  const out = {};
  for (const table of ['invoices', 'invoice_items', ...MADE]) {
    const [[row]] = await db.query(`SELECT COALESCE(MAX(id), 0) AS id FROM ${table}`);
    out[table] = Number(row.id);
  }
  return out;
}

async function made(db, accountIds, before) {
  const [[inv]] = await db.query('SELECT COUNT(*) AS n FROM invoices WHERE account_id IN (?) AND id > ?', [accountIds, before.invoices]);
  const [[rem]] = await db.query('SELECT COUNT(*) AS n FROM invoice_reminders WHERE account_id IN (?) AND id > ?', [accountIds, before.invoice_reminders]);
  return { invoices: Number(inv.n), reminders: Number(rem.n) };
}

async function reset(db, accountIds, before, day) {
  for (const table of [...MADE, 'invoice_items', 'invoices']) {
    await db.query(`DELETE FROM ${table} WHERE account_id IN (?) AND id > ?`, [accountIds, before[table]]);
  }
  await db.query('DELETE FROM document_sequences WHERE account_id IN (?)', [accountIds]);
  await db.query("UPDATE recurring_invoices SET next_run_date = ?, runs_count = 0, last_run_date = NULL, status = 'active' WHERE account_id IN (?)", [
    day,
    accountIds,
  ]);
}

function runChild(script, day, env) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(__dirname, script), day], { env: { ...process.env, ...env }, maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${script}: ${error.message}\n${stderr.slice(-3000)}`));
      resolve(JSON.parse(stdout.trim().split('\n').pop()));
    });
  });
}

const EXTRA = {
  name: 'daily jobs: recurring invoices over 10,000 profiles and reminders over 100,000 unpaid invoices',
  async run(ctx) {
    const day = kolkataDate();
    const { accountIds } = await seed(ctx, day);
    const env = { DATABASE_URL: ctx.databaseUrl, REDIS_URL, LOG_LEVEL: 'warn' };
    const runs = {};
    for (const [key, script] of [
      ['worker', 'recurring-job.js'],
      ['baseline', 'baseline/recurring-job.js'],
    ]) {
      const before = await marks(ctx.db);
      log(`daily jobs: ${key}`);
      const timing = await runChild(script, day, env);
      runs[key] = { ...timing, ...(await made(ctx.db, accountIds, before)) };
      log(`  ${JSON.stringify(runs[key])}`);
      await reset(ctx.db, accountIds, before, day);
    }
    const { worker, baseline } = runs;
    const total = (r) => r.recurringMs + r.remindersMs;
    const ratio = total(worker) / total(baseline);
    const same = worker.invoices === baseline.invoices && worker.reminders === baseline.reminders && worker.invoices === PROFILES;
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    return [
      {
        figure: `daily jobs, worker / bare mysql2 baseline (${PROFILES.toLocaleString('en-US')} profiles, ${UNPAID.toLocaleString('en-US')} unpaid invoices)`,
        value: `${ratio.toFixed(2)}x (${s(total(worker))} / ${s(total(baseline))})`,
        target: '<= 1.5x',
        ok: ratio <= 1.5 && same,
      },
      {
        figure: 'recurring invoices pass: worker / baseline',
        value: `${s(worker.recurringMs)} / ${s(baseline.recurringMs)}: ${worker.invoices} / ${baseline.invoices} invoices (${worker.statements.recurring} / ${baseline.statements.recurring} statements)`,
        target: `${PROFILES} invoices each`,
        ok: worker.invoices === PROFILES && baseline.invoices === PROFILES,
      },
      {
        figure: 'reminders pass: worker / baseline',
        value: `${s(worker.remindersMs)} / ${s(baseline.remindersMs)}: ${worker.reminders} / ${baseline.reminders} reminders (${worker.statements.reminders} / ${baseline.statements.reminders} statements)`,
        target: 'same reminders',
        ok: worker.reminders === baseline.reminders,
      },
    ];
  },
};

module.exports = { EXTRA };
