import { FairPagePool } from './fair-page-pool';

/** Who got a page, in order; `take` asks for one and records the grant. */
function harness(concurrency: number, perOwner?: number) {
  const pool = new FairPagePool(concurrency, perOwner);
  const granted: string[] = [];
  const take = (name: string, owner?: number, waitMs?: number) => pool.acquire(owner, waitMs).then(() => void granted.push(name));
  const settle = () => new Promise((r) => setImmediate(r));
  return { pool, granted, take, settle };
}

describe('FairPagePool', () => {
  it('lets an owner alone use every page, beyond its share', async () => {
    const { pool, granted, take, settle } = harness(2, 1);
    void take('a1', 1);
    void take('a2', 1);
    void take('a3', 1);
    await settle();
    expect(granted).toEqual(['a1', 'a2']);
    expect(pool.queued).toBe(1);
  });

  it('gives the next free page to another owner that waits, before the first owner takes more', async () => {
    const { pool, granted, take, settle } = harness(2, 1);
    for (const name of ['a1', 'a2', 'a3', 'a4']) void take(name, 1);
    void take('b1', 2);
    void take('b2', 2);
    await settle();
    expect(granted).toEqual(['a1', 'a2']);
    pool.release(1);
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b1']); // b arrived after a3 and a4, but holds nothing
    pool.release(1);
    await settle();
    // Now a holds 0 and b holds 1: a's next render goes first, then they alternate.
    expect(granted).toEqual(['a1', 'a2', 'b1', 'a3']);
    pool.release(2);
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b1', 'a3', 'b2']);
  });

  it('serves owners under their share before one at it, then the one holding fewer pages', async () => {
    const { pool, granted, take, settle } = harness(3, 2);
    void take('a1', 1);
    void take('a2', 1);
    void take('b1', 2);
    await settle();
    void take('a3', 1); // a holds 2: at its share
    void take('b2', 2); // b holds 1: under it
    pool.release(2);
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b1', 'b2']);
  });

  it('without a share, grants in arrival order', async () => {
    const { pool, granted, take, settle } = harness(1);
    void take('x');
    void take('y');
    void take('z', 5);
    await settle();
    pool.release();
    await settle();
    pool.release();
    await settle();
    expect(granted).toEqual(['x', 'y', 'z']);
  });

  it('a waiter that gets no page within its bound fails and leaves the queue; rejectAll empties it', async () => {
    const { pool, take } = harness(1, 1);
    await take('held', 1);
    await expect(pool.acquire(2, 5, () => new Error('busy'))).rejects.toThrow('busy');
    expect(pool.queued).toBe(0);
    const waiting = pool.acquire(3);
    pool.rejectAll(() => new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    expect(pool.queued).toBe(0);
  });
});
