'use strict';
/**
 * 100,000 invoices (BENCH_INVOICES) for the bench account, dated evenly from 1 April of the financial
 * year five years back to today (Asia/Kolkata), numbered INV/YY-YY/NNNN per financial year in date
 * order, with 1 to 8 lines each, inserted with multi-row INSERTs (deterministic: the same rows every run).
 * The document_sequences rows are set to the last number of each year, so invoices the API creates
 * afterwards take the next numbers.
 */
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

/**
 * Inserts `count` invoices with their lines. `clients` is [{id, state_code}] of the account.
 * Returns {count, lines, firstId, lastId, years: {fy: count}}.
 */
async function seedInvoices(pool, accountId, clients, count, seed = 7) {
  const rand = rng(seed);
  const today = kolkataDate();
  const firstFy = fiscalYearOf(today) - 5;
  const start = Date.parse(`${firstFy}-04-01T00:00:00Z`);
  const span = Date.parse(`${today}T00:00:00Z`) - start;
  const dates = Array.from({ length: count }, () => new Date(start + Math.floor(rand() * (span / 86400000 + 1)) * 86400000).toISOString().slice(0, 10));
  dates.sort();

  const conn = await pool.getConnection();
  const [[{ next }]] = await conn.query('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM invoices');
  const firstId = Number(next);
  const sequences = new Map();
  let lineCount = 0;
  const HEADER_COLUMNS =
    'id, account_id, client_id, fy_start_year, sequence_no, currency, declaration_text, transport_details, lr_number, total_amount, ' +
    'created_at, updated_at, invoice_number, invoice_date, payment_due_date, payment_status, status, invoice_type, lut_number, ' +
    'paid_amount, payment_date, paid_at, discount_type, discount_value, tds_section_id, tds_rate, tds_amount';
  const LINE_COLUMNS =
    'invoice_id, account_id, item_description, hsn_code, quantity, rate, tax_rate, cgst_amount, sgst_amount, igst_amount, total_amount, ' +
    'discount_type, discount_value, inventory_id';
  try {
    let headers = [];
    let lines = [];
    const flush = async (force) => {
      if (headers.length && (force || headers.length >= 2000)) {
        await conn.query(`INSERT INTO invoices (${HEADER_COLUMNS}) VALUES ?`, [headers]);
        headers = [];
      }
      if (lines.length && (force || lines.length >= 5000)) {
        await conn.query(`INSERT INTO invoice_items (${LINE_COLUMNS}) VALUES ?`, [lines]);
        lines = [];
      }
    };
    for (let i = 0; i < count; i++) {
      const id = firstId + i;
      const date = dates[i];
      const fy = fiscalYearOf(date);
      const seq = (sequences.get(fy) || 0) + 1;
      sequences.set(fy, seq);
      const client = clients[Math.floor(rand() * clients.length)];
      const intra = (client.state_code || SUPPLIER_STATE) === SUPPLIER_STATE;
      const n = 1 + Math.floor(rand() * 8);
      let total = 0;
      for (let k = 0; k < n; k++) {
        const line = invoiceLine(LINE_ITEMS[Math.floor(rand() * LINE_ITEMS.length)], intra, 1 + Math.floor(rand() * 3) / 2);
        total += line.total_amount;
        lines.push([
          id,
          accountId,
          line.item_description,
          line.hsn_code,
          line.quantity,
          line.rate,
          line.tax_rate,
          line.cgst_amount,
          line.sgst_amount,
          line.igst_amount,
          line.total_amount,
          line.discount_type || null,
          line.discount_value || null,
          null,
        ]);
      }
      lineCount += n;
      total = round2(total);
      const due = addDays(date, [7, 15, 30, 45][Math.floor(rand() * 4)]);
      const age = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86400000;
      let paymentStatus = 'pending';
      const r = rand();
      if (age > 0) paymentStatus = r < 0.85 ? 'paid' : r < 0.93 ? 'partial' : 'overdue';
      else if (r < 0.3) paymentStatus = 'paid';
      const paidAmount = paymentStatus === 'paid' ? total : paymentStatus === 'partial' ? round2(total * 0.4) : 0;
      const paymentDate = paymentStatus === 'paid' || paymentStatus === 'partial' ? (age > 0 ? addDays(due, -Math.floor(rand() * 7)) : date) : null;
      const s = rand();
      const status = s < 0.95 ? 'issued' : s < 0.98 ? 'draft' : 'cancelled';
      const created = `${date} ${String(3 + Math.floor(rand() * 10)).padStart(2, '0')}:${String(Math.floor(rand() * 60)).padStart(2, '0')}:00`;
      const transport = rand() < 0.3;
      headers.push([
        id,
        accountId,
        client.id,
        fy,
        seq,
        'INR',
        null,
        transport
          ? `${TRANSPORTERS[Math.floor(rand() * TRANSPORTERS.length)]}, vehicle MH-${10 + Math.floor(rand() * 40)}-AB-${1000 + Math.floor(rand() * 9000)}`
          : null,
        transport ? `LR-${100000 + Math.floor(rand() * 900000)}` : null,
        total,
        created,
        created,
        `INV/${fyLabel(fy)}/${String(seq).padStart(4, '0')}`,
        date,
        due,
        paymentStatus,
        status,
        intra ? 'local_sale' : 'interstate_sale',
        null,
        paidAmount,
        paymentDate,
        paymentDate ? `${paymentDate} 06:30:00` : null,
        null,
        null,
        null,
        null,
        null,
      ]);
      await flush(false);
    }
    await flush(true);
    await conn.query(
      'INSERT INTO document_sequences (account_id, kind, fy_start_year, last_value) VALUES ? ON DUPLICATE KEY UPDATE last_value = GREATEST(last_value, VALUES(last_value))',
      [[...sequences].map(([fy, last]) => [accountId, 'invoice', fy, last])],
    );
  } finally {
    conn.release();
  }
  return { count, lines: lineCount, firstId, lastId: firstId + count - 1, years: Object.fromEntries(sequences) };
}

/** Seeds the invoices once per run (scenarios and extras that need them call this first). */
function ensureInvoices(ctx) {
  ctx.invoicesSeeded ??= (async () => {
    const count = Number(process.env.BENCH_INVOICES || 100000);
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
    return result;
  })();
  return ctx.invoicesSeeded;
}

module.exports = { seedInvoices, ensureInvoices };
