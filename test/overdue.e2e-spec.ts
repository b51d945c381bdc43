import { startApp, TestApp } from './support/app-harness';
import { createClient, line, todayInKolkata } from './support/sales-document-helpers';
import { dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';

describe('daily overdue marking in the worker', () => {
  let t: TestApp;
  let worker: TestWorker;

  beforeAll(async () => {
    t = await startApp('overdue', { QUEUE_PREFIX: queuePrefixFor('overdue') });
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
      (await t.http.post('/v1/invoices').set(a.auth).send({ client_id: client, items: [line('Work', 1, 100)], ...body }).expect(201)).body.data.invoice_id as number;
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
});
