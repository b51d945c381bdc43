import { DeliverPush } from './deliver-push.use-case';
import { Device, DeviceRepository } from './device.repository.port';
import { StoredNotification } from './notification';
import { NotificationPrefsRepository, NotificationRepository } from './notification.repository.port';
import { PushOutbox, PushOutcome, PushSender } from './push.port';

const notification: StoredNotification = {
  id: 9,
  accountId: 1,
  userId: 2,
  eventId: 5,
  type: 'activity',
  category: 'invoices',
  action: 'created',
  title: 'Invoice created',
  body: 'priya created invoice INV/26-27/0001.',
  entityType: 'invoice',
  entityId: 3,
  actorUserId: 4,
  deepLink: { screen: 'invoice_detail', entityType: 'invoice', entityId: 3, documentType: 'invoice', documentId: 3 },
  readAt: null,
  createdAt: '2026-05-01 10:00:00',
};

function fixture(answers: Record<string, PushOutcome[]>, prefs: Record<string, boolean> = {}) {
  const devices: Device[] = Object.keys(answers).map((token, i) => ({ id: i + 1, accountId: 1, userId: 2, platform: 'android', token }));
  const sent: string[] = [];
  const removed: number[] = [];
  let outboxRemoved = 0;
  const sender = new (class extends PushSender {
    readonly enabled = true;
    send(token: string): Promise<PushOutcome> {
      sent.push(token);
      return Promise.resolve(answers[token].shift() ?? { outcome: 'sent' });
    }
  })();
  const repo = { findAny: () => Promise.resolve(notification) } as unknown as NotificationRepository;
  const prefRepo = { get: () => Promise.resolve(prefs) } as unknown as NotificationPrefsRepository;
  const deviceRepo = {
    forUser: () => Promise.resolve(devices.filter((d) => !removed.includes(d.id))),
    remove: (_: number, id: number) => Promise.resolve(void removed.push(id)),
  } as unknown as DeviceRepository;
  const outbox = {
    remove: () => Promise.resolve(void outboxRemoved++),
    isPending: () => Promise.resolve(outboxRemoved === 0),
  } as unknown as PushOutbox;
  const deliver = new DeliverPush(repo, prefRepo, deviceRepo, outbox, sender, { maxAttempts: 3 });
  return { deliver, sent, removed, outboxRemoved: () => outboxRemoved };
}

const job = { notificationId: 9, accountId: 1 };

describe('DeliverPush', () => {
  it('retries only the devices not reached, after the longest Retry-After, then finishes', async () => {
    const f = fixture({ a: [{ outcome: 'sent' }], b: [{ outcome: 'retry', error: '503', retryAfterMs: 2000 }] });
    const first = await f.deliver.execute(job, { attempt: 1, done: [] });
    expect(first).toEqual({ outcome: 'retry', done: [1], error: '503', retryAfterMs: 2000 });
    expect(f.outboxRemoved()).toBe(0);
    const second = await f.deliver.execute(job, { attempt: 2, done: [1] });
    expect(second).toMatchObject({ outcome: 'finished', sent: 1 });
    expect(f.sent).toEqual(['a', 'b', 'b']);
    expect(f.outboxRemoved()).toBe(1);
  });

  it('sends nothing for a job offered again after its row was delivered and removed', async () => {
    const f = fixture({ a: [{ outcome: 'sent' }, { outcome: 'sent' }] });
    expect(await f.deliver.execute(job, { attempt: 1, done: [] })).toMatchObject({ outcome: 'finished', sent: 1 });
    expect(await f.deliver.execute(job, { attempt: 1, done: [] })).toMatchObject({ outcome: 'finished', sent: 0, skipped: 'already delivered' });
    expect(f.sent).toEqual(['a']);
    expect(f.outboxRemoved()).toBe(1);
  });

  it('deletes a dead token and gives up after the last attempt', async () => {
    const f = fixture({ dead: [{ outcome: 'unregistered', error: 'UNREGISTERED' }], busy: [{ outcome: 'retry', error: '429', retryAfterMs: null }] });
    expect(await f.deliver.execute(job, { attempt: 3, done: [] })).toMatchObject({ outcome: 'finished', removed: 1, failed: 1 });
    expect(f.removed).toEqual([1]);
  });

  it('sends nothing when the recipient switched the category off', async () => {
    const f = fixture({ a: [] }, { invoices: false });
    expect(await f.deliver.execute(job, { attempt: 1, done: [] })).toMatchObject({ outcome: 'finished', sent: 0, skipped: 'category switched off' });
    expect(f.sent).toEqual([]);
  });
});
