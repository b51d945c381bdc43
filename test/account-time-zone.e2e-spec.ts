import { FakeClock } from '../libs/domain/testing/fake-clock';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line } from './support/sales-document-helpers';
import { dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';

/**
 * The account's time zone (`time_zone` in /v1/settings/business, an IANA name, Asia/Kolkata by default): the
 * recurring invoices and the payment reminders of each account follow the date in its zone. Three accounts with
 * the same weekly profile and a reminder step on the due date (Auckland, UTC+13 in March; Kolkata; Los Angeles,
 * UTC-8 until 14 March 2027), passes run by a worker on a clock the suite moves around their midnights.
 */
describe('the account time zone', () => {
  let t: TestApp;
  let worker: TestWorker;
  const calendar = new FakeClock('2027-03-08T04:00:00Z');

  beforeAll(async () => {
    t = await startApp('time_zones', { QUEUE_PREFIX: queuePrefixFor('time-zones'), RECURRING_INTERVAL_MS: '86400000' });
    worker = await startWorker(t.config, undefined, calendar);
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    if (t) await dropQueue(t.config);
    await t?.close();
  }, 60_000);

  it('is Asia/Kolkata by default; takes an IANA zone; refuses anything else naming the field', async () => {
    const a = await t.createAccount({ name: 'Zone Checks' });
    expect((await t.http.get('/v1/settings/business').set(a.auth).expect(200)).body.data.time_zone).toBe('Asia/Kolkata');
    for (const bad of ['Mars/Olympus_Mons', '+05:30', 'IST', '', null, 42]) {
      const res = await t.http.patch('/v1/settings/business').set(a.auth).send({ time_zone: bad }).expect(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(Object.keys(res.body.error.details)).toEqual(['time_zone']);
    }
    const set = await t.http.patch('/v1/settings/business').set(a.auth).send({ time_zone: 'Europe/London' }).expect(200);
    expect(set.body.data.time_zone).toBe('Europe/London');
    expect((await t.http.get('/v1/settings/business').set(a.auth).expect(200)).body.data.time_zone).toBe('Europe/London');
    // Another field changed later keeps the zone.
    await t.http.patch('/v1/settings/business').set(a.auth).send({ phone: '9876543210' }).expect(200);
    expect((await t.http.get('/v1/settings/business').set(a.auth).expect(200)).body.data.time_zone).toBe('Europe/London');
  });

  it('each account’s invoice of 10 March is made, and its reminder sent, from midnight in its own zone', async () => {
    const zones = { auckland: 'Pacific/Auckland', kolkata: null, losAngeles: 'America/Los_Angeles' } as const;
    const accounts = {} as Record<keyof typeof zones, TestAccount>;
    for (const [key, zone] of Object.entries(zones) as Array<[keyof typeof zones, string | null]>) {
      const a = await t.createAccount({ name: `Retainers ${key}` });
      accounts[key] = a;
      if (zone) await t.http.patch('/v1/settings/business').set(a.auth).send({ time_zone: zone }).expect(200);
      const client = await createClient(t, a, `Client ${key}`);
      await t.http
        .post('/v1/recurring-invoices')
        .set(a.auth)
        .send({ client_id: client, frequency: 'weekly', start_date: '2027-03-10', items: [line('Retainer', 1, 1000)] })
        .expect(201);
      await t.http
        .patch('/v1/settings/reminders')
        .set(a.auth)
        .send({ enabled: true, steps: [{ days_offset: 0, subject: 'Due today: {{invoice_number}}', message: 'Due today.' }] })
        .expect(200);
    }
    const state = async () => {
      const out: Record<string, Array<[string, number]>> = {};
      for (const [key, a] of Object.entries(accounts)) {
        const rows: Array<{ invoice_date: string; reminders: number | string }> = await t.dataSource.query(
          `SELECT i.invoice_date, (SELECT COUNT(*) FROM invoice_reminders r WHERE r.invoice_id = i.id) AS reminders
             FROM invoices i WHERE i.account_id = ? ORDER BY i.id`,
          [a.accountId],
        );
        out[key] = rows.map((r) => [r.invoice_date, Number(r.reminders)]);
      }
      return out;
    };
    const passAt = async (instant: string) => {
      calendar.set(instant);
      await worker.runtime.recurringOnce();
      await worker.runtime.remindersOnce();
      return state();
    };
    const made = [['2027-03-10', 1]];
    // 10:59 UTC on 9 March: 23:59 in Auckland, 16:29 in Kolkata, 02:59 in Los Angeles. Nothing is due anywhere.
    expect(await passAt('2027-03-09T10:59:00Z')).toEqual({ auckland: [], kolkata: [], losAngeles: [] });
    // 11:00 UTC: midnight of 10 March in Auckland only.
    expect(await passAt('2027-03-09T11:00:00Z')).toEqual({ auckland: made, kolkata: [], losAngeles: [] });
    // 18:30 UTC: midnight in Kolkata (UTC+5:30).
    expect(await passAt('2027-03-09T18:29:00Z')).toEqual({ auckland: made, kolkata: [], losAngeles: [] });
    expect(await passAt('2027-03-09T18:30:00Z')).toEqual({ auckland: made, kolkata: made, losAngeles: [] });
    // 08:00 UTC on 10 March: midnight in Los Angeles (UTC-8); every account has its invoice dated 10 March, once.
    expect(await passAt('2027-03-10T07:59:00Z')).toEqual({ auckland: made, kolkata: made, losAngeles: [] });
    expect(await passAt('2027-03-10T08:00:00Z')).toEqual({ auckland: made, kolkata: made, losAngeles: made });
    expect(await passAt('2027-03-10T20:00:00Z')).toEqual({ auckland: made, kolkata: made, losAngeles: made });
  });
});
