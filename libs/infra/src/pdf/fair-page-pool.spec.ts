import { FairPagePool, PageLease } from './fair-page-pool';

/**
 * Who got a page, in order; `take` asks for one (preemptible unless told) and records the grant and the lease,
 * `give` releases the oldest lease of a name, `stopped` lists the renders asked to give their page back.
 */
function harness(concurrency: number, perOwner?: number, graceMs?: number) {
  const pool = new FairPagePool(concurrency, perOwner, graceMs);
  const granted: string[] = [];
  const stopped: string[] = [];
  const leases = new Map<string, PageLease>();
  const take = (name: string, owner?: number, options: { waitMs?: number; preemptible?: boolean; seq?: number } = {}) =>
    pool
      .acquire(owner, {
        waitMs: options.waitMs,
        seq: options.seq,
        preempt: options.preemptible === false ? undefined : () => void stopped.push(name),
      })
      .then((lease) => {
        granted.push(name);
        leases.set(name, lease);
      });
  const give = (name: string) => leases.get(name)?.release();
  const settle = () => new Promise((r) => setImmediate(r));
  return { pool, granted, stopped, leases, take, give, settle };
}

describe('FairPagePool', () => {
  it('lets an owner alone use every page, beyond its share', async () => {
    const { pool, granted, stopped, take, settle } = harness(2, 1);
    void take('a1', 1);
    void take('a2', 1);
    void take('a3', 1);
    await settle();
    expect(granted).toEqual(['a1', 'a2']);
    expect(pool.queued).toBe(1);
    expect(stopped).toEqual([]); // its own waiting render takes nothing back
  });

  it('takes back a page lent beyond the share as soon as another owner waits, and gives it to that owner', async () => {
    const { pool, granted, stopped, take, give, settle } = harness(2, 1);
    void take('a1', 1);
    void take('a2', 1);
    await settle();
    void take('b1', 2);
    await settle();
    // Without taking pages back, b1 would wait for a1 or a2 to finish, however long they print.
    expect(stopped).toEqual(['a2']);
    expect(pool.preempted).toBe(1);
    give('a2'); // a2 stops and gives its page back...
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b1']); // ...which goes to b1, not to a's next render
  });

  it('queues a preempted render again ahead of its owner later renders, and asks no render twice', async () => {
    const { granted, stopped, take, give, leases, settle } = harness(2, 1);
    void take('a1', 1);
    void take('a2', 1);
    await settle();
    void take('a3', 1);
    void take('b1', 2);
    void take('b2', 2); // b may have one page at once: one render taken back for both
    await settle();
    expect(stopped).toEqual(['a2']);
    const seq = leases.get('a2')!.seq;
    give('a2');
    void take('a2 again', 1, { seq });
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b1']);
    give('a1');
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b1', 'a2 again']); // a holds 0, b holds 1; a's first arrival first
    expect(stopped).toEqual(['a2']);
  });

  it('takes back nothing from owners within their share, nor from renders that cannot stop', async () => {
    const { stopped, take, settle } = harness(2, 1);
    void take('a1', 1);
    void take('b1', 2);
    await settle();
    void take('c1', 3);
    await settle();
    expect(stopped).toEqual([]); // every page is within its owner's share: c waits for one to free
    const other = harness(2, 1);
    void other.take('a1', 1, { preemptible: false });
    void other.take('a2', 1, { preemptible: false });
    await other.settle();
    void other.take('b1', 2);
    await other.settle();
    expect(other.stopped).toEqual([]);
  });

  it('serves owners under their share before one at it, then the one holding fewer pages', async () => {
    const { granted, take, give, settle } = harness(3, 2);
    void take('a1', 1);
    void take('a2', 1);
    void take('b1', 2);
    await settle();
    void take('a3', 1); // a holds 2: at its share
    void take('b2', 2); // b holds 1: under it
    give('b1');
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b1', 'b2']);
  });

  it('without a share, grants in arrival order and takes nothing back', async () => {
    const { granted, stopped, take, give, settle } = harness(1);
    void take('x');
    void take('y');
    void take('z', 5);
    await settle();
    give('x');
    await settle();
    give('y');
    await settle();
    expect(granted).toEqual(['x', 'y', 'z']);
    expect(stopped).toEqual([]);
  });

  it('a waiter that gets no page within its bound fails and leaves the queue; rejectAll empties it', async () => {
    const { pool, take } = harness(1, 1);
    await take('held', 1);
    await expect(pool.acquire(2, { waitMs: 5, onTimeout: () => new Error('busy') })).rejects.toThrow('busy');
    expect(pool.queued).toBe(0);
    const waiting = pool.acquire(3);
    pool.rejectAll(() => new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    expect(pool.queued).toBe(0);
  });

  it('a lease released twice frees one page', async () => {
    const { pool, granted, take, give, settle } = harness(1, 1);
    void take('a1', 1);
    void take('a2', 1);
    void take('a3', 1);
    await settle();
    give('a1');
    give('a1');
    await settle();
    expect(granted).toEqual(['a1', 'a2']);
    expect(pool.queued).toBe(1);
  });

  it('keeps a page an owner under its share gave back for the grace, then lends it beyond the share again', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    try {
      const { granted, stopped, take, give, leases, settle } = harness(2, 1, 250);
      void take('a1', 1);
      void take('a2', 1);
      await settle();
      void take('b1', 2);
      await settle();
      expect(stopped).toEqual(['a2']);
      const seq = leases.get('a2')!.seq;
      give('a2');
      void take('a2 again', 1, { seq });
      await settle();
      give('b1'); // b's next request is on its way: a's stopped render does not start again at once...
      await settle();
      expect(granted).toEqual(['a1', 'a2', 'b1']);
      void take('b2', 2);
      await settle();
      expect(granted).toEqual(['a1', 'a2', 'b1', 'b2']); // ...so b2 takes a free page and stops nothing
      expect(stopped).toEqual(['a2']);
      give('b2');
      jest.advanceTimersByTime(250); // b is quiet for the grace: the page is lent to a again
      await settle();
      expect(granted).toEqual(['a1', 'a2', 'b1', 'b2', 'a2 again']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('an owner alone is never kept waiting by its own grace', async () => {
    const { granted, take, give, settle } = harness(2, 1, 60_000);
    void take('a1', 1);
    void take('a2', 1);
    void take('a3', 1);
    await settle();
    give('a1');
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'a3']);
  });
});
