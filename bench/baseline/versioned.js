'use strict';
/**
 * What the API keeps between requests, kept the same bare way by the baselines (docs/benchmarks.md, "Scenarios and
 * their baselines"). Both rest on `analytics_versions.version`, which the API bumps in every transaction that writes
 * the account's invoices, items, notes, clients, expenses, inventory, payments or allocations (BUMP_VERSION, sent by
 * the baselines' writers too, inside their transactions): a figure kept for a version is reused only while that
 * version is current, so any write invalidates it.
 *
 *   keptAnswer   the analytics answer cache (libs/domain/src/analytics/answer-cache.ts): a Map of promises per key,
 *                5 minutes, oldest dropped beyond the cap, concurrent misses of a key share one computation, a
 *                failure not kept. The caller puts the version, read first, in the key.
 *   listPage     the list totals (libs/infra/src/shared/versioned-list.ts): the page is read with the version in the
 *                same statement (one snapshot); the total counted for that version is reused, otherwise counted
 *                again (with its version, in one statement) and kept.
 */

/** The account's data version (0 before its first write), as the API's scalar subquery bound to the account id. */
const VERSION = '(SELECT COALESCE(MAX(v.version), 0) FROM analytics_versions v WHERE v.account_id = ?)';

/** The bump of the account's data version (libs/infra/src/shared/data-version.ts), one parameter: the account id. */
const BUMP_VERSION = 'INSERT INTO analytics_versions (account_id, version) VALUES (?, 1) ON DUPLICATE KEY UPDATE version = version + 1';

/** A promise cache with the API's policy (see above); `max` entries at most. */
function answerCache(max) {
  const answers = new Map();
  return function keptAnswer(key, compute) {
    const hit = answers.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    answers.delete(key);
    const value = compute();
    answers.set(key, { expires: Date.now() + 5 * 60000, value });
    value.catch(() => answers.get(key)?.value === value && answers.delete(key));
    while (answers.size > max) answers.delete(answers.keys().next().value);
    return value;
  };
}

/** The version of the account read alone, as the analytics service reads it before its cache. */
async function dataVersion(pool, accountId) {
  const [[row]] = await pool.query('SELECT version FROM analytics_versions WHERE account_id = ?', [accountId]);
  return row ? String(row.version) : '0';
}

const totals = new Map();
const MAX_TOTALS = 2000;

/**
 * The list total under the version `version` (a page's `list_version`, or undefined for an empty page): the kept
 * one when counted at that version, otherwise `SELECT COUNT(*)` with the version, kept.
 */
async function totalAt(pool, list, version) {
  const key = `${list.table}\u0000${list.where}\u0000${JSON.stringify(list.params)}`;
  const hit = totals.get(key);
  if (hit && version !== undefined && hit.version === version) return hit.total;
  const [[row]] = await pool.query(`SELECT COUNT(*) AS total, ${VERSION} AS list_version FROM ${list.table} d WHERE ${list.where}`, [
    list.accountId,
    ...list.params,
  ]);
  totals.delete(key);
  if (totals.size >= MAX_TOTALS) totals.delete(totals.keys().next().value);
  totals.set(key, { version: String(row.list_version), total: Number(row.total) });
  return Number(row.total);
}

/**
 * One page of `list` ({accountId, table, where (on alias d), params, select, order, hint?}) by deferred join, the
 * version beside every row, `extra`: a further condition on the ids (a keyset) with its params, no OFFSET when
 * `offset` is undefined (a cursor page); and the total.
 */
async function listPage(pool, list, { limit, offset, extra = '', extraParams = [] }) {
  const skip = offset === undefined ? '' : ' OFFSET ?';
  const [rows] = await pool.query(
    `SELECT ${list.select}, ${VERSION} AS list_version FROM ${list.table} d
       JOIN (SELECT d.id FROM ${list.table} d${list.hint || ''} WHERE ${list.where}${extra} ORDER BY ${list.order} LIMIT ?${skip}) page ON page.id = d.id
      ORDER BY ${list.order}`,
    [list.accountId, ...list.params, ...extraParams, limit, ...(offset === undefined ? [] : [offset])],
  );
  const total = await totalAt(pool, list, rows.length ? String(rows[0].list_version) : undefined);
  return { rows, total };
}

module.exports = { VERSION, BUMP_VERSION, answerCache, dataVersion, listPage };
