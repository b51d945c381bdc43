#!/usr/bin/env node
'use strict';
/**
 * Baseline of the daily jobs (bench/recurring-bench.js): `node bench/baseline/recurring-job.js <day>` does, with bare
 * mysql2 on one connection in one process, the selects and inserts the worker's passes do for the bench's data (every
 * account in Asia/Kolkata, monthly profiles due on <day>, reminder steps of fixed offsets, no signature so no email):
 * - recurring: the due profiles by id in pages of 200; per profile one transaction: the profile locked, its client,
 *   the number prefix, the sequence bump with the invoice, its lines and its `created` event in one multi-statement
 *   write, the run row, the profile moved to its next month;
 * - reminders: the accounts with reminders on; per account, its unpaid invoices due in the window of the steps; per
 *   step due, one transaction: the invoice locked, the invoice and its lines, the client, the business settings, the
 *   reminder row, the `reminder_sent` event.
 * Prints one JSON line as bench/recurring-job.js does.
 */
const mysql = require('mysql2/promise');
const { BUMP_VERSION } = require('./versioned');

const count = { n: 0 };
const addDays = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
const sqlTime = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
const fyOf = (date) => (Number(date.slice(5, 7)) >= 4 ? Number(date.slice(0, 4)) : Number(date.slice(0, 4)) - 1);
const fyLabel = (fy) => `${String(fy % 100).padStart(2, '0')}-${String((fy + 1) % 100).padStart(2, '0')}`;
const round2 = (n) => Math.round(n * 100) / 100;

function nextMonth(date) {
  const [y, m, d] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

async function recurring(conn, day) {
  const q = (sql, params) => (count.n++, conn.query(sql, params));
  const accounts = new Map();
  let made = 0;
  for (let afterId = 0; ;) {
    const [due] = await q(
      `SELECT r.id, r.account_id, r.next_run_date FROM recurring_invoices r
         JOIN accounts a ON a.id = r.account_id AND a.deleted_at IS NULL AND a.suspended_at IS NULL
        WHERE r.status = 'active' AND r.next_run_date <= ? AND r.id > ? ORDER BY r.id LIMIT ?`,
      [addDays(day, 1), afterId, 200],
    );
    for (const p of due) {
      if (!accounts.has(p.account_id)) {
        const [[account]] = await q('SELECT id, business_name, state_code, plan, deleted_at, suspended_at FROM accounts WHERE id = ? LIMIT 1', [p.account_id]);
        accounts.set(p.account_id, account);
      }
      await q('START TRANSACTION');
      const [[profile]] = await q('SELECT * FROM recurring_invoices WHERE account_id = ? AND id = ? FOR UPDATE SKIP LOCKED', [p.account_id, p.id]);
      const [[client]] = await q('SELECT id, state_code, email FROM clients WHERE id = ? AND account_id = ? LIMIT 1', [profile.client_id, p.account_id]);
      const [[prefix]] = await q(
        'SELECT (SELECT invoice_prefix FROM business_settings WHERE account_id = ?) AS prefix, EXISTS(SELECT 1 FROM webhook_endpoints WHERE account_id = ? AND enabled = 1) AS webhooks',
        [p.account_id, p.account_id],
      );
      const runDate = profile.next_run_date;
      const fy = fyOf(runDate);
      const intra = (client.state_code || '27') === '27';
      const lines = JSON.parse(profile.template).items.map((l) => {
        const taxable = round2(l.quantity * l.rate);
        const tax = round2((taxable * l.tax_rate) / 100);
        return [
          l.item_description,
          l.hsn_code,
          l.quantity,
          l.rate,
          l.tax_rate,
          intra ? tax / 2 : 0,
          intra ? tax / 2 : 0,
          intra ? 0 : tax,
          taxable + tax,
          taxable,
        ];
      });
      const total = round2(lines.reduce((s, l) => s + l[8], 0));
      const now = sqlTime();
      const number = `${prefix.prefix || 'INV'}/${fyLabel(fy)}/`;
      const after = JSON.stringify({ source: 'recurring', recurring_invoice_id: profile.id, run_date: runDate, total_amount: total, lines: lines.length });
      const [written] = await q(
        `INSERT INTO document_sequences (account_id, kind, fy_start_year, last_value) VALUES (?, 'invoice', ?, LAST_INSERT_ID(1))
           ON DUPLICATE KEY UPDATE last_value = LAST_INSERT_ID(last_value + 1);
         INSERT INTO invoices (client_id, invoice_date, payment_due_date, status, currency, invoice_type, total_amount, payment_status, paid_amount,
           place_of_supply, supply_type, reverse_charge, round_off, account_id, fy_start_year, created_at, updated_at, sequence_no, invoice_number)
         VALUES (?, ?, ?, 'issued', 'INR', ?, ?, 'pending', 0, ?, 'B2C', 0, 0, ?, ?, ?, ?, LAST_INSERT_ID(),
           LEFT(CONCAT(?, LPAD(LAST_INSERT_ID(), GREATEST(4, CHAR_LENGTH(LAST_INSERT_ID())), '0')), 16));
         SET @document_id = LAST_INSERT_ID();
         INSERT INTO invoice_items (item_description, hsn_code, quantity, rate, tax_rate, cgst_amount, sgst_amount, igst_amount, total_amount,
           taxable_value, account_id, invoice_id) VALUES ${lines.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, @document_id)').join(', ')};
         INSERT INTO activity_events (account_id, actor_kind, actor_user_id, action, entity_type, before_summary, after_summary, object_json, created_at,
           entity_id, label) VALUES (?, 'system', NULL, 'created', 'invoice', NULL, ?, NULL, ?, @document_id, (SELECT invoice_number FROM invoices WHERE id = @document_id));
         ${BUMP_VERSION};
         SELECT @document_id AS id`,
        [
          p.account_id,
          fy,
          profile.client_id,
          runDate,
          addDays(runDate, profile.payment_terms_days),
          intra ? 'intra_state_sale' : 'inter_state_sale',
          total,
          client.state_code || '27',
          p.account_id,
          fy,
          now,
          now,
          number,
          ...lines.flatMap((l) => [...l, p.account_id]),
          p.account_id,
          after,
          now,
          p.account_id,
        ],
      );
      const invoiceId = written[written.length - 1][0].id;
      await q(
        `INSERT INTO recurring_invoice_runs (account_id, recurring_invoice_id, run_date, status, source, invoice_id, sendout_id, error, created_at)
         VALUES (?, ?, ?, 'created', 'schedule', ?, NULL, NULL, ?)`,
        [p.account_id, profile.id, runDate, invoiceId, now],
      );
      await q(
        `UPDATE recurring_invoices SET next_run_date = ?, runs_count = ?, last_run_date = GREATEST(COALESCE(last_run_date, ?), ?), status = 'active', updated_at = ?
          WHERE account_id = ? AND id = ?`,
        [nextMonth(runDate), profile.runs_count + 1, runDate, runDate, now, p.account_id, profile.id],
      );
      await q('COMMIT');
      made++;
    }
    if (due.length < 200) return made;
    afterId = due[due.length - 1].id;
  }
}

async function reminders(conn, day) {
  const q = (sql, params) => (count.n++, conn.query(sql, params));
  let sent = 0;
  const [accounts] = await q(
    `SELECT r.account_id, r.enabled, r.steps, r.enabled_on FROM reminder_settings r
       JOIN accounts a ON a.id = r.account_id AND a.deleted_at IS NULL AND a.suspended_at IS NULL
      WHERE r.enabled = 1 AND r.account_id > 0 ORDER BY r.account_id LIMIT 500`,
  );
  for (const settings of accounts) {
    const accountId = settings.account_id;
    await q('SELECT id, business_name, state_code, plan, deleted_at, suspended_at FROM accounts WHERE id = ? LIMIT 1', [accountId]);
    const steps = JSON.parse(settings.steps).filter((s) => s.enabled);
    const offsets = steps.map((s) => s.days_offset);
    const from = addDays(day, -7) > settings.enabled_on ? addDays(day, -7) : settings.enabled_on;
    for (let afterId = 0; ;) {
      const [invoices] = await q(
        `SELECT i.id, i.client_id, i.payment_due_date, (SELECT GROUP_CONCAT(r.days_offset) FROM invoice_reminders r WHERE r.invoice_id = i.id) AS sent
           FROM invoices i JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id AND c.reminders_opt_out = 0
          WHERE i.account_id = ? AND i.status = 'issued' AND i.payment_status IN ('pending', 'partial', 'overdue') AND i.payment_due_date BETWEEN ? AND ?
            AND i.id > ? ORDER BY i.id LIMIT 500`,
        [accountId, addDays(from, -Math.max(...offsets)), addDays(day, -Math.min(...offsets)), afterId],
      );
      for (const invoice of invoices) {
        const done = new Set(invoice.sent ? invoice.sent.split(',').map(Number) : []);
        for (const [i, step] of steps.entries()) {
          const date = addDays(invoice.payment_due_date, step.days_offset);
          if (date > day || date < from || done.has(step.days_offset)) continue;
          await q('START TRANSACTION');
          await q(
            `SELECT i.id FROM invoices i JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id AND c.reminders_opt_out = 0
              WHERE i.account_id = ? AND i.id = ? AND i.status = 'issued' AND i.payment_status IN ('pending', 'partial', 'overdue') FOR UPDATE`,
            [accountId, invoice.id],
          );
          const [[doc]] = await q('SELECT * FROM invoices WHERE id = ? AND account_id = ?', [invoice.id, accountId]);
          await q('SELECT * FROM invoice_items WHERE invoice_id = ? AND account_id = ? ORDER BY id', [invoice.id, accountId]);
          await q('SELECT id, name, email FROM clients WHERE id = ? AND account_id = ? LIMIT 1', [doc.client_id, accountId]);
          await q('SELECT * FROM business_settings WHERE account_id = ?', [accountId]);
          const now = sqlTime();
          const error = 'the business has no stored signature';
          await q(
            'INSERT INTO invoice_reminders (account_id, invoice_id, step, days_offset, step_date, sendout_id, error, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)',
            [accountId, invoice.id, i + 1, step.days_offset, date, error, now],
          );
          await q('SELECT EXISTS(SELECT 1 FROM webhook_endpoints WHERE account_id = ? AND enabled = 1) AS found', [accountId]);
          const balance = Number(doc.total_amount) - Number(doc.paid_amount || 0) - Number(doc.tds_amount || 0);
          await q(
            `INSERT INTO activity_events (account_id, actor_kind, actor_user_id, action, entity_type, entity_id, label, before_summary, after_summary,
               object_json, created_at) VALUES (?, 'system', NULL, 'reminder_sent', 'invoice', ?, ?, NULL, ?, NULL, ?)`,
            [
              accountId,
              invoice.id,
              doc.invoice_number,
              JSON.stringify({ client_id: doc.client_id, step: i + 1, days_offset: step.days_offset, step_date: date, sendout_id: null, balance, error }),
              now,
            ],
          );
          await q('COMMIT');
          sent++;
        }
      }
      if (invoices.length < 500) break;
      afterId = invoices[invoices.length - 1].id;
    }
  }
  return sent;
}

async function main() {
  const day = process.argv[2];
  const conn = await mysql.createConnection({ uri: process.env.DATABASE_URL, dateStrings: true, timezone: 'Z', multipleStatements: true });
  try {
    const timed = async (job) => {
      const before = count.n;
      const started = process.hrtime.bigint();
      const done = await job(conn, day);
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, done, statements: count.n - before };
    };
    const r = await timed(recurring);
    const m = await timed(reminders);
    const out = { recurringMs: r.ms, made: r.done, remindersMs: m.ms, sent: m.done, statements: { recurring: r.statements, reminders: m.statements } };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await conn.end();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
