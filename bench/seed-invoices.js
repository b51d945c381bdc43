'use strict';
/**
 * 100,000 invoices (BENCH_INVOICES) for the bench account, dated evenly from 1 April of the financial
 * year five years back to today (Asia/Kolkata), numbered INV/YY-YY/NNNN per financial year in date
 * order, with 1 to 8 lines each (deterministic: the same rows every run). The document_sequences rows are set to the
 * last number of each year, so invoices the API creates afterwards take the next numbers.
 *
 * Bulk load (1,000,000 invoices in minutes): the statements are written as SQL text (the 60 possible lines are
 * rendered once), 5,000 invoices or 20,000 lines a statement, sent over SEED_LANES connections that each keep one
 * statement in flight while the next is generated. On those sessions `unique_checks` and `foreign_key_checks` are
 * off (the ids are fresh, MAX(id) + 1 onwards, and every client and the account exist: nothing to check) and set back
 * before the connections go back to the pool. The account's analytics data version is bumped once after the load,
 * as the application does in each writing transaction (libs/infra/src/shared/data-version.ts).
 */
const { escape } = require('mysql2');
const { LINE_ITEMS, invoiceLine, kolkataDate, addDays, fiscalYearOf, round2, SUPPLIER_STATE } = require('./fixtures');

/** Small deterministic PRNG (mulberry32), as in seed.js. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TRANSPORTERS = ['VRL Logistics', 'Gati', 'Blue Dart', 'TCI Freight', 'Safexpress', 'Delhivery'];
const fyLabel = (fy) => `${String(fy % 100).padStart(2, '0')}-${String((fy + 1) % 100).padStart(2, '0')}`;
const SEED_LANES = 3;
const INVOICES_PER_STATEMENT = 5000;
const LINES_PER_STATEMENT = 20000;
const HEADER_COLUMNS =
  'id, account_id, client_id, fy_start_year, sequence_no, currency, declaration_text, transport_details, lr_number, total_amount, ' +
  'created_at, updated_at, invoice_number, invoice_date, payment_due_date, payment_status, status, invoice_type, lut_number, ' +
  'paid_amount, payment_date, paid_at, discount_type, discount_value, tds_section_id, tds_rate, tds_amount';
const LINE_COLUMNS =
  'invoice_id, account_id, item_description, hsn_code, quantity, rate, tax_rate, cgst_amount, sgst_amount, igst_amount, total_amount, ' +
  'discount_type, discount_value, inventory_id';
const sqlRow = (values) => `(${values.map((v) => escape(v)).join(',')})`;

/** Every line a seeded invoice may have, by item, state (intra first) and quantity factor (1, 1.5, 2): {total, sql}. */
function renderedLines(accountId) {
  const out = [];
  for (const item of LINE_ITEMS) {
    for (const intra of [true, false]) {
      for (const factor of [1, 1.5, 2]) {
        const l = invoiceLine(item, intra, factor);
        const rest = [l.item_description, l.hsn_code, l.quantity, l.rate, l.tax_rate, l.cgst_amount, l.sgst_amount, l.igst_amount, l.total_amount];
        out.push({ total: l.total_amount, sql: `,${accountId},${sqlRow([...rest, l.discount_type || null, l.discount_value || null, null]).slice(1)}` });
      }
    }
  }
  return out;
}

/** SEED_LANES connections with the checks off; send(sql) waits only for its own lane's previous statement. */
async function openLanes(pool) {
  const lanes = [];
  for (let i = 0; i < SEED_LANES; i++) {
    const conn = await pool.getConnection();
    lanes.push({ conn, pending: Promise.resolve() });
    await conn.query('SET SESSION unique_checks = 0, foreign_key_checks = 0');
  }
  let turn = 0;
  const send = async (sql) => {
    const lane = lanes[turn++ % lanes.length];
    await lane.pending;
    lane.pending = lane.conn.query(sql);
    lane.pending.catch(() => {}); // awaited later (next turn or close); an early rejection must not be unhandled
  };
  const close = async () => {
    const results = await Promise.allSettled(lanes.map((l) => l.pending));
    for (const { conn } of lanes) {
      await conn.query('SET SESSION unique_checks = 1, foreign_key_checks = 1');
      conn.release();
    }
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
  return { send, close };
}

/** Moves the account's analytics data version once, so no cached answer outlives the load. */
async function bumpDataVersion(pool, accountId) {
  await pool.query('INSERT INTO analytics_versions (account_id, version) VALUES (?, 1) ON DUPLICATE KEY UPDATE version = version + 1', [accountId]);
}

/** Rows of one table gathered into multi-row INSERTs of `limit` rows, sent through `lanes`. */
function batcher(lanes, table, columns, limit) {
  let rows = [];
  const flush = async () => {
    if (rows.length) await lanes.send(`INSERT INTO ${table} (${columns}) VALUES ${rows.join(',')}`);
    rows = [];
  };
  return { flush, add: async (row) => rows.push(row) >= limit && flush() };
}

/**
 * Invoice `id` of `date` (number `seq` of financial year `fy`): its header row and its lines' rows as SQL text, drawn
 * from `rand` in the order the seed has always drawn (the same rows as before the bulk load).
 */
function drawInvoice(rand, s, id, date, fy, seq) {
  const client = s.clients[Math.floor(rand() * s.clients.length)];
  const intra = (client.state_code || SUPPLIER_STATE) === SUPPLIER_STATE;
  const n = 1 + Math.floor(rand() * 8);
  const lines = [];
  let total = 0;
  for (let k = 0; k < n; k++) {
    const item = Math.floor(rand() * LINE_ITEMS.length);
    const line = s.lineSql[item * 6 + (intra ? 0 : 3) + Math.floor(rand() * 3)];
    total += line.total;
    lines.push(`(${id}${line.sql}`);
  }
  total = round2(total);
  const due = addDays(date, [7, 15, 30, 45][Math.floor(rand() * 4)]);
  const overdue = s.todayMs > Date.parse(`${due}T00:00:00Z`);
  let paymentStatus = 'pending';
  const r = rand();
  if (overdue) paymentStatus = r < 0.85 ? 'paid' : r < 0.93 ? 'partial' : 'overdue';
  else if (r < 0.3) paymentStatus = 'paid';
  const paidAmount = paymentStatus === 'paid' ? total : paymentStatus === 'partial' ? round2(total * 0.4) : 0;
  const paymentDate = paymentStatus === 'paid' || paymentStatus === 'partial' ? (overdue ? addDays(due, -Math.floor(rand() * 7)) : date) : null;
  const st = rand();
  const status = st < 0.95 ? 'issued' : st < 0.98 ? 'draft' : 'cancelled';
  const created = `${date} ${String(3 + Math.floor(rand() * 10)).padStart(2, '0')}:${String(Math.floor(rand() * 60)).padStart(2, '0')}:00`;
  const transport = rand() < 0.3;
  const transportDetails = transport
    ? `${TRANSPORTERS[Math.floor(rand() * TRANSPORTERS.length)]}, vehicle MH-${10 + Math.floor(rand() * 40)}-AB-${1000 + Math.floor(rand() * 9000)}`
    : null;
  const lr = transport ? `LR-${100000 + Math.floor(rand() * 900000)}` : null;
  const number = `INV/${fyLabel(fy)}/${String(seq).padStart(4, '0')}`;
  const type = intra ? 'local_sale' : 'interstate_sale';
  const paidAt = paymentDate ? `${paymentDate} 06:30:00` : null;
  const head = [
    id,
    s.accountId,
    client.id,
    fy,
    seq,
    'INR',
    null,
    transportDetails,
    lr,
    total,
    created,
    created,
    number,
    date,
    due,
    paymentStatus,
    status,
    type,
  ];
  const tail = [null, paidAmount, paymentDate, paidAt, null, null, null, null, null];
  return { header: sqlRow([...head, ...tail]), lines };
}

/**
 * Inserts `count` invoices with their lines. `clients` is [{id, state_code}] of the account; `range` ({from, to},
 * dates) dates them in that span instead of the five years to today. Returns {count, lines, firstId, lastId,
 * years: {fy: count}}.
 */
async function seedInvoices(pool, accountId, clients, count, seed = 7, range = null) {
  const rand = rng(seed);
  const today = kolkataDate();
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const start = Date.parse(`${range ? range.from : `${fiscalYearOf(today) - 5}-04-01`}T00:00:00Z`);
  const days = ((range ? Date.parse(`${range.to}T00:00:00Z`) : todayMs) - start) / 86400000 + 1;
  const dayOffsets = Int32Array.from({ length: count }, () => Math.floor(rand() * days)).sort();
  const dateOf = (offset) => new Date(start + offset * 86400000).toISOString().slice(0, 10);
  const shared = { accountId, clients, todayMs, lineSql: renderedLines(accountId) };

  const [[{ next }]] = await pool.query('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM invoices');
  const firstId = Number(next);
  const sequences = new Map();
  let lineCount = 0;
  const lanes = await openLanes(pool);
  try {
    const headers = batcher(lanes, 'invoices', HEADER_COLUMNS, INVOICES_PER_STATEMENT);
    const lines = batcher(lanes, 'invoice_items', LINE_COLUMNS, LINES_PER_STATEMENT);
    let date = null;
    for (let i = 0; i < count; i++) {
      if (i === 0 || dayOffsets[i] !== dayOffsets[i - 1]) date = dateOf(dayOffsets[i]);
      const fy = fiscalYearOf(date);
      const seq = (sequences.get(fy) || 0) + 1;
      sequences.set(fy, seq);
      const invoice = drawInvoice(rand, shared, firstId + i, date, fy, seq);
      lineCount += invoice.lines.length;
      for (const line of invoice.lines) await lines.add(line);
      await headers.add(invoice.header);
    }
    await headers.flush();
    await lines.flush();
  } finally {
    await lanes.close().finally(() => bumpDataVersion(pool, accountId));
  }
  await pool.query(
    'INSERT INTO document_sequences (account_id, kind, fy_start_year, last_value) VALUES ? ON DUPLICATE KEY UPDATE last_value = GREATEST(last_value, VALUES(last_value))',
    [[...sequences].map(([fy, last]) => [accountId, 'invoice', fy, last])],
  );
  return { count, lines: lineCount, firstId, lastId: firstId + count - 1, years: Object.fromEntries(sequences) };
}

/**
 * Seeds the invoices once per run (scenarios and extras that need them call this first): ctx.invoiceCount of them
 * (the scale runner's size), else BENCH_INVOICES; the time taken goes in ctx.invoiceSeedMs.
 */
function ensureInvoices(ctx) {
  ctx.invoicesSeeded ??= (async () => {
    const count = ctx.invoiceCount || Number(process.env.BENCH_INVOICES || 100000);
    const started = Date.now();
    const [clients] = await ctx.db.query('SELECT id, state_code FROM clients WHERE account_id = ? ORDER BY id', [ctx.accountId]);
    const result = await seedInvoices(ctx.db, ctx.accountId, clients, count);
    await ctx.db.query('ANALYZE TABLE invoices, invoice_items, document_sequences');
    const years = Object.entries(result.years)
      .map(([fy, n]) => `FY ${fy}: ${n.toLocaleString('en-US')}`)
      .join(', ');
    process.stderr.write(
      `[bench] ${count.toLocaleString('en-US')} invoices with ${result.lines.toLocaleString('en-US')} lines seeded in ${Date.now() - started} ms (${years})\n`,
    );
    ctx.clients = clients;
    ctx.invoiceSeedMs = Date.now() - started;
    return result;
  })();
  return ctx.invoicesSeeded;
}

module.exports = { seedInvoices, ensureInvoices };
