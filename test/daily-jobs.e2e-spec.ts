import { startApp, TestApp } from './support/app-harness';
import { createClient, line, todayInKolkata } from './support/sales-document-helpers';
import { dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';

describe('daily jobs in the worker', () => {
  let t: TestApp;
  let worker: TestWorker;

  beforeAll(async () => {
    t = await startApp('daily_jobs', { QUEUE_PREFIX: queuePrefixFor('daily_jobs') });
    worker = await startWorker(t.config);
  });
  afterAll(async () => {
    await worker.close();
    await dropQueue(t.config);
    await t.close();
  });

  it('turns pending invoices past their due date into overdue, once a day, and leaves the rest alone', async () => {
    const a = await t.createAccount();
    const client = await createClient(t, a);
    const create = async (body: object) =>
      (
        await t.http
          .post('/v1/invoices')
          .set(a.auth)
          .send({ client_id: client, items: [line('Work', 1, 100)], ...body })
          .expect(201)
      ).body.data.invoice_id as number;
    const pastDue = await create({ invoice_date: '2025-04-01', payment_due_date: '2025-04-30' });
    const partial = await create({ invoice_date: '2025-04-01', payment_due_date: '2025-04-30', payment_status: 'partial', paid_amount: 10 });
    const draft = await create({ invoice_date: '2025-04-01', payment_due_date: '2025-04-30', status: 'draft' });
    const dueToday = await create({ invoice_date: todayInKolkata(), payment_due_date: todayInKolkata() });

    // The worker may already have taken today's run at start-up; free the day's lock to run it now.
    await worker.runtime.queue.redis.del(`${t.config.queue.prefix}:invoices:overdue:${todayInKolkata()}`);
    expect(await worker.runtime.markOverdueOnce()).toBeGreaterThanOrEqual(1);
    expect(await worker.runtime.markOverdueOnce()).toBeNull(); // the day's lock is taken

    const status = async (id: number) => (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data.payment_status;
    expect(await status(pastDue)).toBe('overdue');
    expect(await status(partial)).toBe('partial');
    expect(await status(draft)).toBe('pending');
    expect(await status(dueToday)).toBe('pending');
  });

  it('purges sessions that ended more than 30 days ago and keeps the rest', async () => {
    const a = await t.createAccount({ username: `purge_owner_${Date.now()}`, password: 'Str0ng!Pass' });
    const insert = async (tag: string, refreshExpires: string, revoked: string | null) => {
      const result = await t.dataSource.query(
        `INSERT INTO mobile_sessions (account_id, user_id, access_token_hash, refresh_token_hash, created_at, last_used_at,
           access_expires_at, refresh_expires_at, revoked_at)
         VALUES (?, ?, SHA2(?, 256), SHA2(?, 256), NOW(), NOW(), NOW(), ?, ?)`,
        [a.accountId, a.userId, `a-${tag}`, `r-${tag}`, refreshExpires, revoked],
      );
      return Number(result.insertId);
    };
    const longRevoked = await insert('long-revoked', '2099-01-01 00:00:00', '2020-01-01 00:00:00');
    const longExpired = await insert('long-expired', '2020-01-01 00:00:00', null);
    const recentlyRevoked = await insert('recent', '2099-01-01 00:00:00', new Date(Date.now() - 86_400_000).toISOString().slice(0, 19).replace('T', ' '));
    const live = await insert('live', '2099-01-01 00:00:00', null);

    await worker.runtime.queue.redis.del(`${t.config.queue.prefix}:sessions:purge:${todayInKolkata()}`);
    expect(await worker.runtime.purgeSessionsOnce()).toBe(2);
    const left = (await t.dataSource.query('SELECT id FROM mobile_sessions WHERE account_id = ? ORDER BY id', [a.accountId])).map((r: { id: number }) =>
      Number(r.id),
    );
    expect(left).toEqual([recentlyRevoked, live]);
    expect(left).not.toContain(longRevoked);
    expect(left).not.toContain(longExpired);
  });
});
