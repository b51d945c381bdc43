import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient } from './support/sales-document-helpers';

/**
 * The lists read by keyset outside the versioned cache (logs, feeds, the sendout history): cursor pages stay exact
 * while another writer inserts rows and deletes others, the cursor row itself included.
 */
describe('keyset cursor pages under a concurrent writer', () => {
  let t: TestApp;
  let a: TestAccount;
  let clientId: number;
  let minute = 0;

  beforeAll(async () => {
    t = await startApp('list_cursors_keyset');
    a = await t.createAccount({ name: 'Keyset Traders' });
    clientId = await createClient(t, a, 'Mehta Exports');
  });
  afterAll(() => t.close());

  /** Sendouts written with plain SQL, two per minute (ties on created_at cross the pages); their ids. */
  const insertSendouts = async (count: number): Promise<number[]> => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = `2025-06-10 10:${String(Math.floor(minute++ / 2) % 60).padStart(2, '0')}:00`;
      const res = await t.dataSource.query(
        `INSERT INTO sendouts (account_id, client_id, document_type, document_id, to_email, subject, message, status, created_at, updated_at)
         VALUES (?, ?, 'invoice', 1, 'a@example.com', 'Invoice', 'Hello', 'sent', ?, ?)`,
        [a.accountId, clientId, at, at],
      );
      ids.push(Number(res.insertId));
    }
    return ids;
  };
  const page = async (query: string) => (await t.http.get(`/v1/sendouts?${query}`).set(a.auth).expect(200)).body.data;
  const ids = (body: { history: Array<{ queue_id: number }> }) => body.history.map((r) => r.queue_id);

  it('never skips or repeats a sendout that existed throughout, even when the cursor row is deleted', async () => {
    const doomed = new Set(await insertSendouts(12));
    await insertSendouts(20);
    const before = ids(await page('limit=200'));
    const survivors = before.filter((id) => !doomed.has(id));
    let done = false;
    // A bounded writer: two inserts (newer than every row) and a delete of a doomed row per round.
    const writer = (async () => {
      for (let round = 0; round < 12 && !done; round++) {
        await insertSendouts(2);
        const victim = [...doomed][0];
        if (victim === undefined) continue;
        doomed.delete(victim);
        await t.http.delete(`/v1/sendouts/${victim}`).set(a.auth).expect(200);
      }
    })();
    const seen: number[] = [];
    let body = await page('limit=3');
    seen.push(...ids(body));
    while (body.has_more) {
      const last = seen[seen.length - 1];
      // Every other page the row the cursor names leaves the history first: it keeps its place.
      if (seen.length % 6 === 0) await t.http.delete(`/v1/sendouts/${last}`).set(a.auth).expect(200);
      body = await page(`limit=3&starting_after=${last}`);
      seen.push(...ids(body));
    }
    done = true;
    await writer;
    expect(new Set(seen).size).toBe(seen.length);
    const seenSet = new Set(seen);
    expect(survivors.filter((id) => !seenSet.has(id))).toEqual([]);
    expect(seen.filter((id) => survivors.includes(id))).toEqual(survivors);
  });
});
