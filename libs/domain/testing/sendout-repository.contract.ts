import { PageRequest } from '../src/shared/pagination';
import { NewSendout } from '../src/sendouts/sendout';
import { SendoutRepository } from '../src/sendouts/sendout.repository.port';

const T0 = new Date('2025-08-10T06:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
let accountSeq = 1000;

function newSendout(overrides: Partial<NewSendout> = {}): NewSendout {
  return {
    clientId: 7,
    documentType: 'invoice',
    documentId: 42,
    toEmail: 'client@example.com',
    ccEmails: ['a@example.com', 'b@example.com'],
    bccEmails: [],
    subject: 'Invoice INV/25-26/0042',
    message: 'Dear client,\n\nPlease pay.',
    signatureOverride: null,
    ...overrides,
  };
}

/**
 * The behaviour every SendoutRepository must share; run against the in-memory fake (unit) and the SQL
 * adapter (e2e, on MariaDB) so that they cannot drift. Each test uses accounts of its own.
 */
export function sendoutRepositoryContract(makeRepo: () => Promise<SendoutRepository>): void {
  let repo: SendoutRepository;
  let account: number;
  beforeAll(async () => {
    repo = await makeRepo();
  });
  beforeEach(() => {
    account = ++accountSeq;
  });

  it('inserts a queued row and reads it back within its account only', async () => {
    const id = await repo.insert(account, newSendout(), T0);
    expect(await repo.findById(account, id)).toEqual({
      id,
      accountId: account,
      clientId: 7,
      documentType: 'invoice',
      documentId: 42,
      period: null,
      toEmail: 'client@example.com',
      ccEmails: ['a@example.com', 'b@example.com'],
      bccEmails: [],
      subject: 'Invoice INV/25-26/0042',
      message: 'Dear client,\n\nPlease pay.',
      status: 'queued',
      attempts: 0,
      lastError: null,
      sentAt: null,
      messageId: null,
      createdAt: '2025-08-10 06:00:00',
      updatedAt: '2025-08-10 06:00:00',
    });
    expect(await repo.findById(account + 1, id)).toBeNull();
  });

  it("keeps a statement's period and no document", async () => {
    const period = { from: '2025-04-01', to: '2025-09-30' };
    const id = await repo.insert(account, newSendout({ documentType: 'statement', documentId: null, period }), T0);
    expect(await repo.findById(account, id)).toMatchObject({ documentType: 'statement', documentId: null, period });
  });

  it('history: newest first, ties by id descending, limited, deleted rows left out', async () => {
    const a = await repo.insert(account, newSendout(), T0);
    const b = await repo.insert(account, newSendout(), at(10));
    const c = await repo.insert(account, newSendout(), at(10));
    await repo.insert(account + 1, newSendout(), at(20));
    const ids = async (page: Partial<PageRequest>) => (await repo.history(account, { limit: 50, offset: 0, ...page })).rows.map((r) => r.id);
    expect(await ids({})).toEqual([c, b, a]);
    expect(await ids({ limit: 2 })).toEqual([c, b]);
    expect(await repo.history(account, { limit: 2, offset: 0 })).toMatchObject({ total: 3, hasMore: true });
    expect(await ids({ startingAfter: c })).toEqual([b, a]);
    expect(await ids({ endingBefore: a, limit: 1 })).toEqual([b]);
    expect(await repo.delete(account, b, at(30))).toBe(true);
    expect(await ids({})).toEqual([c, a]);
    expect(await ids({ startingAfter: b })).toEqual([a]);
    await expect(repo.history(account + 1, { limit: 50, offset: 0, startingAfter: a })).rejects.toThrow();
  });

  it('claim: queued -> sending once, one more attempt, the override with it; never across accounts', async () => {
    const id = await repo.insert(account, newSendout({ signatureOverride: 'iVBORw0KGgo=' }), T0);
    expect(await repo.claim(account + 1, id, 'other', at(1))).toBeNull();
    const claimed = await repo.claim(account, id, 'token-1', at(1));
    expect(claimed).toMatchObject({ id, status: 'sending', attempts: 1, signatureOverride: 'iVBORw0KGgo=' });
    expect(await repo.claim(account, id, 'token-2', at(2))).toBeNull();
  });

  it('only the holder of the claim moves the row on', async () => {
    const id = await repo.insert(account, newSendout({ signatureOverride: 'iVBORw0KGgo=' }), T0);
    await repo.claim(account, id, 'holder', at(1));
    await repo.markSent(account, id, 'intruder', '<x@y>', at(2));
    await repo.markFailed(account, id, 'intruder', 'x', at(2));
    expect((await repo.findById(account, id))?.status).toBe('sending');
    await repo.markSent(account, id, 'holder', '<m1@invoicing.local>', at(3));
    expect(await repo.findById(account, id)).toMatchObject({ status: 'sent', sentAt: '2025-08-10 06:00:03', messageId: '<m1@invoicing.local>', attempts: 1 });
    expect(await repo.claim(account, id, 'again', at(4))).toBeNull();
  });

  it('release puts the row back (attempts and error kept); markFailed ends it', async () => {
    const id = await repo.insert(account, newSendout(), T0);
    await repo.claim(account, id, 't1', at(1));
    await repo.release(account, id, 't1', '451 try later', at(2));
    expect(await repo.findById(account, id)).toMatchObject({ status: 'queued', attempts: 1, lastError: '451 try later' });
    expect(await repo.claim(account, id, 't2', at(3))).toMatchObject({ attempts: 2 });
    await repo.markFailed(account, id, 't2', '550 no such user', at(4));
    expect(await repo.findById(account, id)).toMatchObject({ status: 'failed', attempts: 2, lastError: '550 no such user' });
  });

  it('delete cancels a queued row for good; sent rows keep their status; other accounts cannot delete', async () => {
    const queued = await repo.insert(account, newSendout(), T0);
    expect(await repo.delete(account + 1, queued, at(1))).toBe(false);
    expect(await repo.delete(account, queued, at(1))).toBe(true);
    expect(await repo.findById(account, queued)).toBeNull();
    expect(await repo.claim(account, queued, 't', at(2))).toBeNull();
    expect(await repo.delete(account, queued, at(3))).toBe(false);
    const sent = await repo.insert(account, newSendout(), T0);
    await repo.claim(account, sent, 't', at(1));
    await repo.markSent(account, sent, 't', '<m@x>', at(2));
    expect(await repo.delete(account, sent, at(3))).toBe(true);
    expect((await repo.queuedBefore(at(3600), 10_000)).map((j) => j.sendoutId)).not.toContain(queued);
  });

  it('queuedBefore lists queued rows untouched since the cutoff, of every account', async () => {
    const old = await repo.insert(account, newSendout(), T0);
    const other = await repo.insert(account + 1, newSendout(), T0);
    const fresh = await repo.insert(account, newSendout(), at(120));
    const busy = await repo.insert(account, newSendout(), T0);
    await repo.claim(account, busy, 't', at(1));
    const mine = (await repo.queuedBefore(at(60), 10_000)).filter((j) => [old, other, fresh, busy].includes(j.sendoutId));
    expect(mine).toEqual([
      { sendoutId: old, accountId: account },
      { sendoutId: other, accountId: account + 1 },
    ]);
  });

  it('recoverStale re-queues rows held too long, or fails them once attempts are used up', async () => {
    const stale = await repo.insert(account, newSendout(), T0);
    const spent = await repo.insert(account, newSendout(), T0);
    const live = await repo.insert(account, newSendout(), T0);
    await repo.claim(account, stale, 'dead', at(1));
    await repo.claim(account, spent, 'dead', at(1));
    await repo.release(account, spent, 'dead', 'x', at(2));
    await repo.claim(account, spent, 'dead2', at(3));
    await repo.claim(account, live, 'alive', at(500));
    expect(await repo.recoverStale(at(100), 2, at(600))).toBeGreaterThanOrEqual(2);
    expect(await repo.findById(account, stale)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'The worker stopped during delivery.' });
    expect(await repo.findById(account, spent)).toMatchObject({ status: 'failed', attempts: 2 });
    expect((await repo.findById(account, live))?.status).toBe('sending');
    await repo.markSent(account, stale, 'dead', '<late@x>', at(601)); // the dead worker's token no longer holds it
    expect((await repo.findById(account, stale))?.status).toBe('queued');
  });

  it('exhaustedStale lists the rows held too long whose attempts are used up; failStale fails one of them and returns it', async () => {
    const stale = await repo.insert(account, newSendout(), T0);
    const spent = await repo.insert(account, newSendout(), T0);
    const other = await repo.insert(account + 1, newSendout(), T0);
    await repo.claim(account, stale, 'dead', at(1));
    await repo.claim(account, spent, 'dead', at(1));
    await repo.release(account, spent, 'dead', 'x', at(2));
    await repo.claim(account, spent, 'dead2', at(3));
    await repo.claim(account + 1, other, 'dead', at(1));
    await repo.release(account + 1, other, 'dead', 'x', at(2));
    await repo.claim(account + 1, other, 'dead2', at(3));
    const ours = [stale, spent, other];
    expect((await repo.exhaustedStale(at(100), 2, 10_000)).filter((j) => ours.includes(j.sendoutId))).toEqual([
      { sendoutId: spent, accountId: account },
      { sendoutId: other, accountId: account + 1 },
    ]);
    expect(await repo.failStale(account + 1, spent, at(100), 2, at(600))).toBeNull(); // another account's row
    expect(await repo.failStale(account, stale, at(100), 2, at(600))).toBeNull(); // attempts left: recoverStale queues it
    expect(await repo.failStale(account, spent, at(100), 2, at(600))).toEqual(
      expect.objectContaining({ id: spent, accountId: account, status: 'failed', attempts: 2, lastError: 'The worker stopped during delivery.' }),
    );
    expect((await repo.findById(account, stale))?.status).toBe('sending');
    expect(await repo.failStale(account, spent, at(100), 2, at(600))).toBeNull();
    expect((await repo.exhaustedStale(at(100), 2, 10_000)).filter((j) => ours.includes(j.sendoutId))).toEqual([{ sendoutId: other, accountId: account + 1 }]);
  });
}
