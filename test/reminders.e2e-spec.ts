import { FakeClock } from '../libs/domain/testing/fake-clock';
import { addDays } from '@app/domain/recurring-invoices/recurring-schedule';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line } from './support/sales-document-helpers';
import { dropQueue, queuePrefixFor, SIGNATURE_PNG, startWorker, TestWorker } from './support/sendout-worker';
import { SmtpSink, startSmtpSink } from './support/smtp-sink';
import { eventSchemas, verified } from './support/event-schemas';
import { startRelayContext } from './support/relay-context';
import { startWebhookReceiver, WebhookReceiver } from './support/webhook-receiver';

/**
 * Payment reminders: the schedule (GET/PATCH /v1/settings/reminders, off by default, at most five steps), the
 * client opt-out, and the job of two workers through a month of daily ticks on a calendar the suite moves: each step
 * of each unpaid invoice is emailed once to the local SMTP sink (the invoice PDF attached, the UPI link of the
 * balance in the text), none after a payment, none to an opted-out client or for a cancelled invoice;
 * GET /v1/invoices/{id}/reminders lists what was sent and what is next.
 */
describe('payment reminders', () => {
  let t: TestApp;
  let a: TestAccount;
  let sink: SmtpSink;
  let worker: TestWorker;
  let other: TestWorker;
  let receiver: WebhookReceiver;
  const calendar = new FakeClock('2027-02-28T04:00:00Z');

  beforeAll(async () => {
    sink = await startSmtpSink();
    receiver = await startWebhookReceiver();
    t = await startApp('reminders', {
      WEBHOOKS_ALLOW_INSECURE: 'on',
      QUEUE_PREFIX: queuePrefixFor('reminders'),
      SMTP_URL: sink.url,
      RECURRING_INTERVAL_MS: '86400000', // the suite runs the passes itself
      SWEEP_INTERVAL_MS: '300',
    });
    worker = await startWorker(t.config, undefined, calendar);
    other = await startWorker(t.config, undefined, calendar);
    a = await t.createAccount({ name: 'Reminding Traders', email: 'reminding@example.com' });
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    await other?.close();
    if (t) await dropQueue(t.config);
    await t?.close();
    await sink?.close();
    await receiver?.close();
  }, 60_000);

  it('is off by default; refuses more than five steps or a bad offset, naming the field', async () => {
    const got = await t.http.get('/v1/settings/reminders').set(a.auth).expect(200);
    expect(got.body.data.enabled).toBe(false);
    expect(got.body.data.steps.length).toBeGreaterThan(0);
    const step = (days_offset: unknown) => ({ days_offset, subject: 'S', message: 'M' });
    const six = await t.http
      .patch('/v1/settings/reminders')
      .set(a.auth)
      .send({ steps: [1, 2, 3, 4, 5, 6].map(step) })
      .expect(400);
    expect(Object.keys(six.body.error.details)).toContain('steps');
    const bad = await t.http
      .patch('/v1/settings/reminders')
      .set(a.auth)
      .send({ steps: [step(1.5)] })
      .expect(400);
    expect(Object.keys(bad.body.error.details)).toContain('steps.0.days_offset');
    const twice = await t.http
      .patch('/v1/settings/reminders')
      .set(a.auth)
      .send({ steps: [step(2), step(2)] })
      .expect(400);
    expect(Object.keys(twice.body.error.details)).toContain('steps.1.days_offset');
  });

  it('a month of ticks sends exactly the steps that apply, once each, with the PDF and the UPI link of the balance', async () => {
    await t.http.patch('/v1/settings/business').set(a.auth).send({ signature_png: SIGNATURE_PNG, upi_id: 'reminding@okbank' }).expect(200);
    const c1 = await createClient(t, a, 'Prompt Payer');
    const c2 = await createClient(t, a, 'Opted Out');
    const c3 = await createClient(t, a, 'Late Payer');
    const optOut = await t.http.patch(`/v1/clients/${c2}`).set(a.auth).send({ reminders_opt_out: true }).expect(200);
    expect(optOut.body.data.reminders_opt_out).toBe(true);
    expect((await t.http.get(`/v1/clients/${c1}`).set(a.auth).expect(200)).body.data.reminders_opt_out).toBe(false);

    const invoice = async (client: number, due: string, extra: object = {}) => {
      const res = await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: client, invoice_date: addDays(due, -20), payment_due_date: due, items: [line('Consulting', 1, 1000)], ...extra })
        .expect(201);
      return { id: res.body.data.invoice_id as number, number: res.body.data.invoice_number as string };
    };
    const pending = await invoice(c1, '2027-03-10');
    const partial = await invoice(c1, '2027-03-12', { payment_status: 'partial', paid_amount: 472, payment_date: '2027-02-25' });
    const paidLater = await invoice(c3, '2027-03-15');
    const optedOut = await invoice(c2, '2027-03-10');
    const cancelled = await invoice(c3, '2027-03-10', { status: 'cancelled' });

    const steps = [
      {
        days_offset: -3,
        subject: 'Due soon: {{invoice_number}} step -3',
        message: 'Dear {{client_name}}, {{balance}} is due on {{due_date}}. Pay: {{upi_link}}',
      },
      { days_offset: 1, subject: 'Overdue: {{invoice_number}} step 1', message: 'Dear {{client_name}}, {{balance}} was due on {{due_date}}.' },
      { days_offset: 7, subject: 'Still unpaid: {{invoice_number}} step 7', message: '{{days}} days overdue: {{balance}}.' },
    ];
    const hook = (
      await t.http
        .post('/v1/webhooks')
        .set(a.auth)
        .send({ url: receiver.url, events: ['reminder.sent'] })
        .expect(201)
    ).body.data;
    const on = await t.http.patch('/v1/settings/reminders').set(a.auth).send({ enabled: true, steps }).expect(200);
    expect(on.body.data).toMatchObject({ enabled: true, enabled_on: expect.any(String) });
    const before = await t.http.get(`/v1/invoices/${pending.id}/reminders`).set(a.auth).expect(200);
    expect(before.body.data).toEqual({ sent: [], next: { step: 1, days_offset: -3, date: '2027-03-07' } });

    for (let day = '2027-03-01'; day <= '2027-03-31'; day = addDays(day, 1)) {
      calendar.set(`${day}T04:00:00Z`);
      if (day === '2027-03-14') {
        await t.http.patch(`/v1/invoices/${paidLater.id}`).set(a.auth).send({ payment_status: 'paid', payment_date: '2027-02-27' }).expect(200);
      }
      // Two workers at once: they race for the same steps every day.
      await Promise.all([worker.runtime.remindersOnce(), other.runtime.remindersOnce()]);
      expect(await worker.runtime.remindersOnce()).toBe(0); // the day's steps are sent: nothing again
    }

    const expected = [
      `Due soon: ${pending.number} step -3`,
      `Overdue: ${pending.number} step 1`,
      `Still unpaid: ${pending.number} step 7`,
      `Due soon: ${partial.number} step -3`,
      `Overdue: ${partial.number} step 1`,
      `Still unpaid: ${partial.number} step 7`,
      `Due soon: ${paidLater.number} step -3`,
    ];
    await sink.waitFor((m) => expected.every((s) => m.some((x) => x.subject === s)), 90_000);
    const mine = sink.messages.filter((m) => [pending, partial, paidLater, optedOut, cancelled].some((i) => m.subject.includes(i.number)));
    expect(mine.map((m) => m.subject).sort()).toEqual([...expected].sort());

    const dueSoon = sink.bySubject(`Due soon: ${partial.number} step -3`)[0];
    expect(dueSoon.rcptTo).toEqual([expect.stringContaining('@example.com')]);
    expect(dueSoon.attachments.some((p) => p.contentType === 'application/pdf')).toBe(true);
    // The balance of the partly paid invoice: 1180 less 472.
    expect(dueSoon.text).toContain('₹708.00');
    expect(dueSoon.text).toContain('upi://pay?pa=reminding%40okbank');
    expect(dueSoon.text).toContain('am=708.00');
    // A message without {{upi_link}} gets the link appended.
    expect(sink.bySubject(`Overdue: ${pending.number} step 1`)[0].text).toContain('am=1180.00');

    const listed = (await t.http.get(`/v1/invoices/${paidLater.id}/reminders`).set(a.auth).expect(200)).body.data;
    expect(listed.sent.map((r: { days_offset: number; step_date: string }) => [r.days_offset, r.step_date])).toEqual([[-3, '2027-03-12']]);
    expect(listed.next).toBeNull();
    const all = (await t.http.get(`/v1/invoices/${pending.id}/reminders`).set(a.auth).expect(200)).body.data;
    expect(all.sent.map((r: { step_date: string }) => r.step_date)).toEqual(['2027-03-07', '2027-03-11', '2027-03-17']);
    expect(all.sent.every((r: { sendout_id: number | null }) => typeof r.sendout_id === 'number')).toBe(true);
    expect((await t.http.get(`/v1/invoices/${optedOut.id}/reminders`).set(a.auth).expect(200)).body.data).toEqual({ sent: [], next: null });
    expect((await t.http.get(`/v1/invoices/${cancelled.id}/reminders`).set(a.auth).expect(200)).body.data).toEqual({ sent: [], next: null });

    // The audit trail and the reminder.sent webhook event come from one activity event per reminder.
    const [{ n }] = await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM activity_events WHERE account_id = ? AND action = 'reminder_sent' AND actor_kind = 'system'",
      [a.accountId],
    );
    expect(Number(n)).toBe(expected.length);
    // Each is delivered as reminder.sent, signed, its body as the document's x-webhooks schema says.
    const hooks = await startRelayContext(t.config);
    try {
      for (let i = 0; i < 100 && receiver.received.length < expected.length; i++) {
        await hooks.relay.execute();
        await hooks.dispatch.execute();
      }
    } finally {
      await hooks.close();
    }
    const schemas = await eventSchemas(t);
    const delivered = receiver.received.map((r) => verified(hook.secret, r));
    expect(delivered.map((e) => e.type)).toEqual(expected.map(() => 'reminder.sent'));
    expect(delivered.flatMap((e) => schemas.check(e))).toEqual([]);

    const b = await t.createAccount();
    await t.http.get(`/v1/invoices/${pending.id}/reminders`).set(b.auth).expect(404);
  }, 300_000);
});
