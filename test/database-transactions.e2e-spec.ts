import { Connection, createConnection } from 'mysql2/promise';
import { DataSource, QueryFailedError } from 'typeorm';
import { createDataSource } from '@app/infra/database/data-source';
import { Database, InconsistentAnswer, LostCommit } from '@app/infra/database/database';
import { freshDatabase } from './support/app-harness';
import { sent, traced } from './support/statement-trace';

/** The statements the driver's connections send while `work` runs, as sent. */
const sentDuring = async (work: () => Promise<unknown>) => sent(await traced(work, { exact: true }));

/**
 * Database.transaction against MariaDB: the opening statements go out with the transaction's first statement
 * (libs/infra/src/database/deferred-opening.ts), and the transaction is still the one sent apart would be.
 */
describe('database transactions', () => {
  let ds: DataSource;
  let db: Database;
  let other: Connection;

  beforeAll(async () => {
    const url = await freshDatabase('transactions');
    // One pool connection: every transaction here runs on the same session, as a busy pool reuses them.
    ds = await createDataSource(url, 1).initialize();
    db = new Database(ds);
    other = await createConnection(url);
  });
  afterAll(async () => {
    await other?.end();
    await ds?.destroy();
  });

  const insertAccount = (name: string) =>
    db.query<never>("INSERT INTO accounts (business_name, business_email, plan) VALUES (?, 'tx@example.com', 'free')", [name]) as unknown as Promise<{
      insertId: number;
    }>;
  const countSeenByOthers = async (name: string) => {
    const [rows] = await other.query('SELECT COUNT(*) AS n FROM accounts WHERE business_name = ?', [name]);
    return Number((rows as Array<{ n: number }>)[0].n);
  };

  it('sends START TRANSACTION with the first statement: a two-statement transaction is three round trips, and inside it a transaction is open', async () => {
    let inside: unknown;
    const sent = await sentDuring(() =>
      db.transaction(async () => {
        [inside] = await db.query('SELECT @@in_transaction AS open', []);
        await insertAccount('opening');
      }),
    );
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^START TRANSACTION;\nSELECT @@in_transaction/);
    expect(sent[1]).toMatch(/^INSERT INTO accounts/);
    expect(sent[2]).toBe('COMMIT');
    // The first statement's own result, not the opening's.
    expect(inside).toEqual({ open: 1 });
    expect(await countSeenByOthers('opening')).toBe(1);
  });

  it('keeps what the work writes from others until COMMIT, and drops it all when the work throws', async () => {
    let seenInside = -1;
    await db.transaction(async () => {
      const { insertId } = await insertAccount('later');
      expect(insertId).toBeGreaterThan(0);
      seenInside = await countSeenByOthers('later');
    });
    expect(seenInside).toBe(0);
    expect(await countSeenByOthers('later')).toBe(1);

    await expect(
      db.transaction(async () => {
        await insertAccount('thrown');
        await insertAccount('thrown');
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await countSeenByOthers('thrown')).toBe(0);
  });

  it('sends nothing for work that sends nothing (no COMMIT, no ROLLBACK)', async () => {
    expect(await sentDuring(() => db.transaction(async () => 'nothing to write'))).toEqual([]);
    const failed = await sentDuring(() => expect(db.transaction(() => Promise.reject(new Error('before any statement')))).rejects.toThrow());
    expect(failed).toEqual([]);
  });

  it("reports a failing first statement as that statement's error, rolls back and leaves the connection usable", async () => {
    const { insertId } = await insertAccount('duplicate');
    const sql = "INSERT INTO accounts (id, business_name, business_email, plan) VALUES (?, 'duplicate', 'tx@example.com', 'free')";
    const error = await db.transaction(() => db.query(sql, [insertId])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryFailedError);
    expect((error as QueryFailedError).query).toBe(sql);
    expect((error as QueryFailedError & { code?: string }).driverError).toMatchObject({ code: 'ER_DUP_ENTRY' });
    // The session is out of the transaction and takes the next one.
    const [after] = await db.transaction(() => db.query('SELECT @@in_transaction AS open', []));
    expect(after).toEqual({ open: 1 });
    const [outside] = await db.query('SELECT @@in_transaction AS open', []);
    expect(outside).toEqual({ open: 0 });
  });

  it('closes a session that answered a transaction inconsistently, so the next try runs on a new one; other errors keep it', async () => {
    const sessionId = () => db.transaction(async () => Number((await db.query<{ id: number | string }>('SELECT CONNECTION_ID() AS id', []))[0].id));
    const failWith = (error: Error) =>
      db.transaction(async () => {
        await db.query('SELECT 1', []);
        throw error;
      });
    const first = await sessionId();
    await expect(failWith(new Error('plain'))).rejects.toThrow('plain');
    expect(await sessionId()).toBe(first);

    await expect(failWith(new InconsistentAnswer('the document was numbered 88, its sequence said 34'))).rejects.toBeInstanceOf(InconsistentAnswer);
    const second = await sessionId();
    expect(second).not.toBe(first);
    await expect(failWith(new LostCommit('SELECT 1'))).rejects.toBeInstanceOf(LostCommit);
    expect(await sessionId()).not.toBe(second);

    // The retired sessions are closed on the server, not left idle.
    const open = async (ids: number[]) => {
      const [rows] = await other.query('SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID IN (?)', [ids]);
      return Number((rows as Array<{ n: number }>)[0].n);
    };
    const deadline = Date.now() + 5000;
    while ((await open([first, second])) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await open([first, second])).toBe(0);
  });

  it('gives a multi-statement first query the results of its own statements only', async () => {
    const results = await db.transaction(() => db.query<unknown>('SELECT 1 AS a; SELECT 2 AS b', []));
    expect(results).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it('sends the isolation level with the opening, and the transaction runs at that level', async () => {
    const { insertId } = await insertAccount('isolation');
    const readTwice = (isolation?: 'READ COMMITTED') =>
      db.transaction(async () => {
        const read = async () => (await db.query<{ name: string }>('SELECT business_name AS name FROM accounts WHERE id = ?', [insertId]))[0].name;
        const first = await read();
        await other.query('UPDATE accounts SET business_name = ? WHERE id = ?', [`${first}+`, insertId]);
        return [first, await read()];
      }, isolation);

    const sent: string[] = [];
    let committedRead: string[] = [];
    sent.push(...(await sentDuring(async () => (committedRead = await readTwice('READ COMMITTED')))));
    // READ COMMITTED: the second read sees the other session's update.
    expect(committedRead).toEqual(['isolation', 'isolation+']);
    expect(sent[0]).toMatch(/^SET TRANSACTION ISOLATION LEVEL READ COMMITTED;\nSTART TRANSACTION;\nSELECT business_name/);
    // The UPDATE between the reads is the other session's.
    expect(sent.filter((sql) => !sql.startsWith('UPDATE'))).toHaveLength(3);
    // The default, REPEATABLE READ: one snapshot for the whole transaction.
    expect(await readTwice()).toEqual(['isolation+', 'isolation+']);
  });

  it('sends a streamed first statement after the opening, on its own', async () => {
    const rows: unknown[] = [];
    const sent = await sentDuring(() =>
      db.transaction(async () => {
        const stream = await db.manager().queryRunner!.stream('SELECT @@in_transaction AS open');
        for await (const row of stream) rows.push({ ...(row as object) });
      }),
    );
    expect(rows).toEqual([{ open: 1 }]);
    expect(sent).toEqual(['START TRANSACTION', 'SELECT @@in_transaction AS open', 'COMMIT']);
  });
});
