'use strict';
/**
 * Baseline routes for the invoice scenarios (added to the ROUTES of http-mysql.js): the same SQL the API
 * runs, straight on mysql2, with no framework, validation, domain rules or logging.
 *
 *   GET  /v1/invoices   as the API's list (shared/versioned-list.ts): one deferred-join query (ids from the
 *                       (account_id, invoice_date, id) index, then those rows) with the account's data version
 *                       beside each row, and the COUNT only when the total kept for that version is missing
 *                       (versioned.js); a cursor page finds its row as the API does, tombstones included
 *   POST /v1/invoices   one transaction: client check, number prefix, sequence upsert + LAST_INSERT_ID(),
 *                       header INSERT, one multi-row INSERT of the lines (as the API), activity event
 */

const { BUMP_VERSION, listPage } = require('./versioned');

/** Every column of the header, as the API's list selects them (selectColumns of the invoice row). */
const HEADER_COLUMNS =
  'd.id, d.account_id, d.client_id, d.fy_start_year, d.sequence_no, d.invoice_number, d.invoice_date, d.payment_due_date, d.payment_status, ' +
  'd.status, d.currency, d.invoice_type, d.lut_number, d.declaration_text, d.paid_amount, d.payment_date, d.paid_at, d.transport_details, ' +
  'd.lr_number, d.tds_section_id, d.tds_rate, d.tds_amount, d.delivery_address, d.destination_country, d.ship_to_gstin, d.ship_to_name, ' +
  'd.discount_type, d.discount_value, d.place_of_supply, d.supply_type, d.reverse_charge, d.round_off, d.supplier_snapshot, d.tax_warnings, ' +
  'd.exchange_rate, d.ecommerce_gstin, d.ecommerce_section, d.total_amount, d.created_at, d.updated_at';

const ORDER = 'd.invoice_date DESC, d.id DESC';
const HINT = ' FORCE INDEX (ix_invoices_date)';
/** The API's cursor row lookup (list-cursor.ts): the row, or its tombstone when it was deleted. */
const CURSOR_KEY = `SELECT d.invoice_date AS k, d.id FROM invoices d WHERE d.account_id = ? AND d.id = ?
  UNION ALL
  SELECT t.sort_date AS k, t.resource_id AS id FROM list_tombstones t WHERE t.account_id = ? AND t.resource = ? AND t.resource_id = ?
  LIMIT 1`;

const num = (v) => (v === null || v === undefined ? null : Number(v));

function present(i) {
  return {
    invoice_id: i.id,
    client_id: i.client_id,
    invoice_number: i.invoice_number,
    invoice_date: i.invoice_date,
    payment_due_date: i.payment_due_date,
    payment_status: i.payment_status,
    status: i.status,
    currency: i.currency,
    invoice_type: i.invoice_type,
    lut_number: i.lut_number,
    declaration_text: i.declaration_text,
    paid_amount: Number(i.paid_amount),
    payment_date: i.payment_date,
    transport_details: i.transport_details,
    lr_number: i.lr_number,
    tds_section_id: i.tds_section_id,
    tds_rate: num(i.tds_rate),
    tds_amount: num(i.tds_amount),
    delivery_address: i.delivery_address,
    destination_country: i.destination_country,
    ship_to_gstin: i.ship_to_gstin,
    ship_to_name: i.ship_to_name,
    discount_type: i.discount_type,
    discount_value: num(i.discount_value),
    place_of_supply: i.place_of_supply,
    supply_type: i.supply_type,
    reverse_charge: Number(i.reverse_charge) === 1,
    round_off: num(i.round_off),
    exchange_rate: num(i.exchange_rate),
    ecommerce_gstin: i.ecommerce_gstin,
    ecommerce_section: i.ecommerce_section,
    total_amount: Number(i.total_amount),
    created_at: i.created_at,
    updated_at: i.updated_at,
  };
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch (e) {
        reject(e);
      }
    });
    req.on('error', reject);
  });
}

const fiscalYearOf = (date) => {
  const [y, m] = date.split('-').map(Number);
  return m >= 4 ? y : y - 1;
};
const fyLabel = (fy) => `${String(fy % 100).padStart(2, '0')}-${String((fy + 1) % 100).padStart(2, '0')}`;
const sqlNow = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
const money = (v) => (v === undefined || v === null ? 0 : Number(v));

module.exports = function invoiceRoutes({ pool, authenticate, HttpError }) {
  return {
    'GET /v1/invoices': async (req, query) => {
      const a = await authenticate(req);
      const limit = Math.min(Math.max(Number(query.get('limit') || 50), 1), 200);
      const offset = Math.max(Number(query.get('offset') || 0), 0);
      const where = ['d.account_id = ?'];
      const params = [a.id];
      const fy = query.get('fy_start_year');
      if (fy) {
        where.push('d.invoice_date >= ?', 'd.invoice_date <= ?');
        params.push(`${fy}-04-01`, `${Number(fy) + 1}-03-31`);
      }
      // As the API: the account and a date range only, so the page's ids are read as a range of the sort index.
      const list = { accountId: a.id, table: 'invoices', where: where.join(' AND '), params, select: HEADER_COLUMNS, order: ORDER, hint: HINT };
      // A cursor page: the rows after the cursor row's (invoice_date, id), one more to tell whether more follow.
      const after = query.get('starting_after');
      if (after) {
        const [[key]] = await pool.query(CURSOR_KEY, [a.id, Number(after), a.id, 'invoices', Number(after)]);
        if (!key) throw new HttpError(400, 'validation_error', 'starting_after is not the id of a row of this list');
        const keyset = ' AND (d.invoice_date < ? OR (d.invoice_date = ? AND d.id < ?))';
        const { rows, total } = await listPage(pool, list, { limit: limit + 1, extra: keyset, extraParams: [key.k, key.k, key.id] });
        return { invoices: rows.slice(0, limit).map(present), total, has_more: rows.length > limit };
      }
      const { rows, total } = await listPage(pool, list, { limit, offset });
      return { invoices: rows.map(present), total, has_more: offset + rows.length < total };
    },

    'POST /v1/invoices': async (req) => {
      const a = await authenticate(req);
      const body = await readJson(req);
      if (!Number.isInteger(body.client_id) || typeof body.invoice_date !== 'string') throw new HttpError(400, 'validation_error', 'Bad body.');
      const items = (body.items || []).filter((l) => l && typeof l.item_description === 'string' && l.item_description.trim());
      const fy = fiscalYearOf(body.invoice_date);
      const total = Math.round(items.reduce((s, l) => s + money(l.total_amount) * 100, 0)) / 100;
      const now = sqlNow();
      const conn = await pool.getConnection();
      try {
        await conn.beginTransaction();
        const [[client]] = await conn.query('SELECT id FROM clients WHERE id = ? AND account_id = ?', [body.client_id, a.id]);
        if (!client) throw new HttpError(404, 'not_found', 'Client not found.');
        const [[settings]] = await conn.query('SELECT invoice_prefix AS prefix FROM business_settings WHERE account_id = ?', [a.id]);
        await conn.query(
          `INSERT INTO document_sequences (account_id, kind, fy_start_year, last_value) VALUES (?, 'invoice', ?, LAST_INSERT_ID(1))
           ON DUPLICATE KEY UPDATE last_value = LAST_INSERT_ID(last_value + 1)`,
          [a.id, fy],
        );
        const [[{ seq }]] = await conn.query('SELECT LAST_INSERT_ID() AS seq');
        const number = `${(settings && settings.prefix) || 'INV'}/${fyLabel(fy)}/${String(seq).padStart(4, '0')}`;
        const [header] = await conn.query(
          `INSERT INTO invoices (account_id, client_id, fy_start_year, sequence_no, currency, declaration_text, transport_details, lr_number,
             total_amount, created_at, updated_at, invoice_number, invoice_date, payment_due_date, payment_status, status, invoice_type,
             lut_number, paid_amount, payment_date, paid_at, discount_type, discount_value, tds_section_id, tds_rate, tds_amount)
           VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 'issued', ?, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
          [
            a.id,
            body.client_id,
            fy,
            seq,
            a.currency || 'INR',
            body.transport_details || null,
            body.lr_number || null,
            total,
            now,
            now,
            number,
            body.invoice_date,
            body.payment_due_date,
            a.business_gstin ? 'local_sale' : 'bill_of_supply',
          ],
        );
        const id = header.insertId;
        if (items.length) {
          await conn.query(
            `INSERT INTO invoice_items (invoice_id, account_id, item_description, hsn_code, quantity, rate, tax_rate, cgst_amount, sgst_amount,
               igst_amount, total_amount, discount_type, discount_value, inventory_id) VALUES ?`,
            [
              items.map((l) => [
                id,
                a.id,
                l.item_description.trim(),
                l.hsn_code || '',
                money(l.quantity),
                money(l.rate),
                money(l.tax_rate),
                money(l.cgst_amount),
                money(l.sgst_amount),
                money(l.igst_amount),
                money(l.total_amount),
                l.discount_type || null,
                l.discount_value === undefined ? null : l.discount_value,
                null,
              ]),
            ],
          );
        }
        // The activity event, the bump of the account's data version and the stored number read back (as the API: no
        // round trip of their own).
        await conn.query(
          `INSERT INTO activity_events (account_id, actor_kind, actor_user_id, action, entity_type, entity_id, label, before_summary, after_summary, created_at)
           VALUES (?, 'api_key', NULL, 'created', 'invoice', ?, ?, NULL, ?, ?);
           ${BUMP_VERSION};
           SELECT sequence_no FROM invoices WHERE id = ${Number(id)}`,
          [
            a.id,
            id,
            number,
            JSON.stringify({ client_id: body.client_id, invoice_date: body.invoice_date, total_amount: total, lines: items.length }),
            now,
            a.id,
          ],
        );
        await conn.commit();
        return { invoice_id: id, invoice_number: number, message: 'Invoice created.' };
      } catch (error) {
        await conn.rollback().catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
  };
};

module.exports.readJson = readJson;
