import { CommittedActivity } from '../activity-relay/activity-relay.port';
import { isWebhookEventPattern, subscribes, webhookEventsOf, webhookPayload } from './webhook-events';
import { ActivityEvent } from '../activity/activity-log.port';
import { InMemoryActivityLog } from '../../testing/in-memory-activity-log';
import { ResourceObjects } from './resource-objects';
import { deletedObject, SnapshottingActivityLog, WebhookSnapshotSource } from './snapshotting-activity-log';
import { nextAttemptAt, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from './webhook-policy';

/** The records of a few entity types, presented as their id and the account they were read for. */
class Objects extends ResourceObjects {
  reads = 0;
  handles(entityType: string): boolean {
    return ['client', 'invoice', 'inventory', 'credit_note'].includes(entityType);
  }
  idObject(entityType: string, id: number) {
    return { [`${entityType}_id`]: id };
  }
  async present(accountId: number, entityType: string, id: number) {
    this.reads++;
    return { [`${entityType}_id`]: id, read_for: accountId };
  }
}

describe('webhook retry schedule', () => {
  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then stops: about a day in all', () => {
    const t0 = new Date('2025-06-01T00:00:00Z');
    expect(nextAttemptAt(1, t0)?.getTime()).toBe(t0.getTime() + 5_000);
    expect(nextAttemptAt(2, t0)?.getTime()).toBe(t0.getTime() + 300_000);
    expect(nextAttemptAt(WEBHOOK_MAX_ATTEMPTS - 1, t0)?.getTime()).toBe(t0.getTime() + 36_000_000);
    expect(nextAttemptAt(WEBHOOK_MAX_ATTEMPTS, t0)).toBeNull();
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000;
    expect(total).toBeGreaterThan(24);
    expect(total).toBeLessThan(30);
  });
});

describe('webhook events from activity', () => {
  const activity = (over: Partial<CommittedActivity>): CommittedActivity => ({
    id: 41,
    accountId: 7,
    actorKind: 'api_key',
    actorUserId: null,
    action: 'created',
    entityType: 'invoice',
    entityId: 3,
    label: 'INV/25-26/0003',
    before: null,
    after: { total_amount: '100.00', payment_status: 'pending' },
    occurredAt: new Date('2025-06-01T10:00:00Z'),
    ...over,
  });

  it('maps documents and clients to <type>.<action>, with invoice.paid beside the update that paid it', () => {
    expect(webhookEventsOf(activity({})).map((e) => e.type)).toEqual(['invoice.created']);
    const paid = webhookEventsOf(activity({ action: 'updated', before: { payment_status: 'pending' }, after: { payment_status: 'paid' } }));
    expect(paid.map((e) => [e.id, e.type])).toEqual([
      ['evt_41_0', 'invoice.updated'],
      ['evt_41_1', 'invoice.paid'],
    ]);
    expect(webhookEventsOf(activity({ action: 'updated', before: { payment_status: 'paid' }, after: { payment_status: 'paid' } })).map((e) => e.type)).toEqual([
      'invoice.updated',
    ]);
    expect(webhookEventsOf(activity({ entityType: 'proforma_invoice', action: 'converted' })).map((e) => e.type)).toEqual(['proforma_invoice.converted']);
    expect(webhookEventsOf(activity({ entityType: 'client', action: 'deleted', object: { client_id: 3, deleted: true } }))[0].object).toEqual({
      client_id: 3,
      deleted: true,
    });
    expect(webhookEventsOf(activity({ entityType: 'client', action: 'deleted' }))[0].object).toBeNull();
    expect(webhookEventsOf(activity({ entityType: 'session', action: 'signed_in' }))).toEqual([]);
    expect(webhookEventsOf(activity({ entityType: 'sendout', action: 'sent' })).map((e) => e.type)).toEqual(['sendout.sent']);
    expect(webhookEventsOf(activity({ entityType: 'sendout', action: 'created' }))).toEqual([]);
  });

  it('raises payment.created and payment.deleted (not an update), and invoice.paid when a payment settles an invoice', () => {
    expect(webhookEventsOf(activity({ entityType: 'payment', action: 'created' })).map((e) => e.type)).toEqual(['payment.created']);
    expect(webhookEventsOf(activity({ entityType: 'payment', action: 'deleted' })).map((e) => e.type)).toEqual(['payment.deleted']);
    expect(webhookEventsOf(activity({ entityType: 'payment', action: 'updated' }))).toEqual([]);
    const settled = activity({ action: 'updated', before: { payment_status: 'partial' }, after: { payment_status: 'paid', payment_id: 9 } });
    expect(webhookEventsOf(settled).map((e) => e.type)).toEqual(['invoice.updated', 'invoice.paid']);
    expect(isWebhookEventPattern('payment.*')).toBe(true);
  });

  it('raises inventory.low_stock from the low_stock event a stock movement records, not from other inventory changes', () => {
    expect(webhookEventsOf(activity({ entityType: 'inventory', action: 'low_stock' })).map((e) => e.type)).toEqual(['inventory.low_stock']);
    expect(webhookEventsOf(activity({ entityType: 'inventory', action: 'updated', before: { quantity: 9 }, after: { quantity: 1 } }))).toEqual([]);
    expect(webhookEventsOf(activity({ entityType: 'sendout', action: 'failed' })).map((e) => e.type)).toEqual(['sendout.failed']);
  });

  it('a deleted record without a stored object is its id with deleted: true', () => {
    expect(deletedObject(new Objects(), { entityType: 'credit_note', entityId: 9 }, null)).toEqual({ credit_note_id: 9, deleted: true });
    expect(deletedObject(new Objects(), { entityType: 'invoice', entityId: 9 }, { invoice_id: 9, total_amount: 10 })).toEqual({
      invoice_id: 9,
      total_amount: 10,
      deleted: true,
    });
  });

  it('builds the payload {id, type, created_at, account_id, resource_type, resource_id, data: {object}}', () => {
    const [event] = webhookEventsOf(activity({ object: { invoice_id: 3, total_amount: 100, payment_status: 'pending' } }));
    expect(JSON.parse(webhookPayload(event))).toEqual({
      id: 'evt_41_0',
      type: 'invoice.created',
      created_at: '2025-06-01T10:00:00.000Z',
      account_id: 7,
      resource_type: 'invoice',
      resource_id: 3,
      data: { object: { invoice_id: 3, total_amount: 100, payment_status: 'pending' } },
    });
  });

  it('an invoice a recurring profile made says so in invoice.created; a reminder is reminder.sent with its step', () => {
    const [made] = webhookEventsOf(
      activity({
        actorKind: 'system',
        after: { payment_status: 'pending', source: 'recurring', recurring_invoice_id: 5, run_date: '2025-06-01' },
        object: { invoice_id: 3 },
      }),
    );
    expect(JSON.parse(webhookPayload(made)).data).toEqual({ object: { invoice_id: 3 }, source: 'recurring', recurring_invoice_id: 5 });
    const reminder = { step: 2, days_offset: 1, step_date: '2025-06-02', sendout_id: 9, balance: 100 };
    const [sent, ...more] = webhookEventsOf(activity({ actorKind: 'system', action: 'reminder_sent', after: reminder, object: { invoice_id: 3 } }));
    expect(more).toEqual([]);
    expect(sent.type).toBe('reminder.sent');
    expect(JSON.parse(webhookPayload(sent)).data).toEqual({ object: { invoice_id: 3 }, reminder });
    expect(isWebhookEventPattern('reminder.*')).toBe(true);
  });

  it('matches subscriptions: exact types, <prefix>.* and *', () => {
    expect(isWebhookEventPattern('invoice.paid')).toBe(true);
    expect(isWebhookEventPattern('invoice.*')).toBe(true);
    expect(isWebhookEventPattern('*')).toBe(true);
    expect(isWebhookEventPattern('invoice.exploded')).toBe(false);
    expect(isWebhookEventPattern('session.*')).toBe(false);
    expect(subscribes(['invoice.*'], 'invoice.paid')).toBe(true);
    expect(subscribes(['invoice.*'], 'invoice_x.paid')).toBe(false);
    expect(subscribes(['client.created'], 'client.updated')).toBe(false);
    expect(subscribes(['*'], 'sendout.failed')).toBe(true);
  });
});

describe('SnapshottingActivityLog', () => {
  class Source extends WebhookSnapshotSource {
    constructor(private readonly withEndpoint: Set<number>) {
      super();
    }
    async hasEnabledEndpoint(accountId: number) {
      return this.withEndpoint.has(accountId);
    }
    async lastObject(_accountId: number, _entityType: string, entityId: number) {
      return entityId === 5 ? { invoice_id: 5, total_amount: 10 } : null;
    }
  }
  const event = (over: Partial<ActivityEvent>): ActivityEvent => ({
    accountId: 7,
    actorKind: 'api_key',
    actorUserId: null,
    action: 'updated',
    entityType: 'invoice',
    entityId: 5,
    label: null,
    before: null,
    after: null,
    occurredAt: new Date(),
    ...over,
  });

  it('stores the presented record only for accounts with an enabled endpoint and entity types the API presents', async () => {
    const inner = new InMemoryActivityLog();
    const objects = new Objects();
    const log = new SnapshottingActivityLog(inner, objects, new Source(new Set([7])));
    await log.append(event({}));
    await log.append(event({ accountId: 8 }));
    await log.append(event({ entityType: 'session' }));
    await log.append(event({ action: 'deleted' }));
    await log.append(event({ action: 'deleted', entityType: 'client', entityId: 6 }));
    await log.append(event({ action: 'updated', entityType: 'inventory', entityId: 6 })); // no webhook event: no read
    await log.append(event({ action: 'low_stock', entityType: 'inventory', entityId: 6 }));
    expect(inner.events.map((e) => e.object)).toEqual([
      { invoice_id: 5, read_for: 7 },
      undefined,
      undefined,
      { invoice_id: 5, total_amount: 10, deleted: true },
      { client_id: 6, deleted: true },
      undefined,
      { inventory_id: 6, read_for: 7 },
    ]);
    expect(objects.reads).toBe(2);
  });
});
