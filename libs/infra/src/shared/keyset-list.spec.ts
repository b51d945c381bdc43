import { ValidationFailed } from '@app/domain/shared/domain-error';
import { afterKey, keysetPage, KeysetQuery, ofD } from './keyset-list';

describe('keyset lists', () => {
  it('writes "after the key" for each direction of each column, most significant first', () => {
    expect(afterKey([['id', 'DESC']], [7])).toEqual({ sql: '(d.id < ?)', params: [7] });
    expect(
      afterKey(
        [
          ['is_owner', 'DESC'],
          ['id', 'ASC'],
        ],
        [1, 4],
      ),
    ).toEqual({ sql: '(d.is_owner < ? OR (d.is_owner = ? AND (d.id > ?)))', params: [1, 1, 4] });
  });

  it('prefixes a column list with the alias', () => {
    expect(ofD('id, account_id,\n  created_at')).toBe('d.id, d.account_id, d.created_at');
  });

  const list: KeysetQuery = {
    table: 't',
    where: 'd.account_id = ? AND d.shown = 1',
    params: [5],
    scope: 'd.account_id = ?',
    scopeParams: [5],
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    select: 'd.id',
    changed: 'd.updated_at',
  };
  /** A database that answers the count, the cursor row (when `cursor` is set) and `rows` for the page. */
  const fake = (rows: Array<{ id: number }>, cursor?: Record<string, unknown>) => {
    const statements: Array<[string, unknown[]]> = [];
    const db = {
      inTransaction: () => false,
      query: async <T>(sql: string, params: unknown[]): Promise<T[]> => {
        statements.push([sql, params]);
        if (sql.startsWith('SELECT COUNT(*)')) return [{ n: 9 }] as T[];
        if (sql.includes('AS k0')) return (cursor ? [cursor] : []) as T[];
        return rows as T[];
      },
    };
    return { db, statements };
  };

  it('reads an offset page with the total and has_more', async () => {
    const { db, statements } = fake([{ id: 3 }, { id: 2 }]);
    expect(await keysetPage(db, list, { limit: 2, offset: 6, updatedSince: '2025-06-01 00:00:00' })).toEqual({
      rows: [{ id: 3 }, { id: 2 }],
      total: 9,
      hasMore: true,
    });
    expect(statements.find(([sql]) => sql.includes('OFFSET'))).toEqual([
      'SELECT d.id FROM t d WHERE d.account_id = ? AND d.shown = 1 AND d.updated_at >= ? ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?',
      [5, '2025-06-01 00:00:00', 2, 6],
    ]);
  });

  it('reads a page before a cursor in the reverse order and turns it, one row more telling has_more', async () => {
    const { db, statements } = fake([{ id: 5 }, { id: 6 }, { id: 7 }], { k0: '2025-06-01 10:00:00', k1: 4 });
    expect(await keysetPage(db, list, { limit: 2, offset: 0, endingBefore: 4 })).toEqual({ rows: [{ id: 6 }, { id: 5 }], total: 9, hasMore: true });
    const page = statements.find(([sql]) => sql.includes('LIMIT ? OFFSET ?'))!;
    expect(page[0]).toContain('AND (d.created_at > ? OR (d.created_at = ? AND (d.id > ?))) ORDER BY d.created_at ASC, d.id ASC');
    expect(page[1]).toEqual([5, '2025-06-01 10:00:00', '2025-06-01 10:00:00', 4, 3, 0]);
    expect(statements.find(([sql]) => sql.includes('AS k0'))).toEqual([
      'SELECT d.created_at AS k0, d.id AS k1 FROM t d WHERE d.account_id = ? AND d.id = ? LIMIT 1',
      [5, 4],
    ]);
  });

  it('refuses an id that is no row the cursor may name, naming the parameter', async () => {
    const { db } = fake([]);
    const refused = keysetPage(db, list, { limit: 2, offset: 0, startingAfter: 99 });
    await expect(refused).rejects.toBeInstanceOf(ValidationFailed);
    await expect(refused).rejects.toMatchObject({ details: { starting_after: 'is not the id of a row of this list' } });
  });
});
