/** One render waiting for a page. */
interface Waiter {
  owner: number | undefined;
  seq: number;
  resolve: () => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
}

/**
 * The renderer's pages, shared fairly between owners (accounts) and never left idle while a render waits.
 *
 * A free page goes to the waiting render whose owner holds the fewest pages, first among owners still under
 * their share (`perOwner`), the earlier arrival on a tie. So an owner alone may use every page (a bulk ZIP or a
 * run of sendouts of one account renders on all of them), and as soon as another owner waits, the next page
 * that frees goes to it: one owner never holds more than its share while another waits for longer than the
 * render in progress. Renders without an owner count as owners of their own.
 *
 * Our own (some forty lines) because the libraries for the job (p-limit, async-sema, p-queue) have one queue
 * per limiter: none grants a free permit across queues by the holder's current use, which is the fairness here.
 */
export class FairPagePool {
  private free: number;
  private seq = 0;
  private readonly waiters: Waiter[] = [];
  private readonly held = new Map<number, number>();

  constructor(
    concurrency: number,
    private readonly perOwner = Infinity,
  ) {
    this.free = concurrency;
  }

  /** Waits for a page at most `waitMs` (unbounded when omitted), then rejects with `onTimeout()`. */
  acquire(owner?: number, waitMs?: number, onTimeout?: () => Error): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { owner, seq: this.seq++, resolve, reject };
      if (waitMs !== undefined) {
        waiter.timer = setTimeout(
          () => {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            reject(onTimeout ? onTimeout() : new Error(`no page within ${waitMs} ms`));
          },
          Math.max(0, waitMs),
        );
      }
      this.waiters.push(waiter);
      this.grant();
    });
  }

  /** Gives back the page `owner` held. */
  release(owner?: number): void {
    if (owner !== undefined) {
      const n = (this.held.get(owner) ?? 1) - 1;
      if (n > 0) this.held.set(owner, n);
      else this.held.delete(owner);
    }
    this.free++;
    this.grant();
  }

  /** Rejects every waiter (the pages they would have had stay free). */
  rejectAll(error: () => Error): void {
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.reject(error());
    }
  }

  /** Renders waiting for a page. */
  get queued(): number {
    return this.waiters.length;
  }

  private grant(): void {
    while (this.free > 0 && this.waiters.length) {
      const next = this.waiters.reduce((best, w) => (this.rank(w) < this.rank(best) ? w : best));
      this.waiters.splice(this.waiters.indexOf(next), 1);
      clearTimeout(next.timer);
      this.free--;
      if (next.owner !== undefined) this.held.set(next.owner, (this.held.get(next.owner) ?? 0) + 1);
      next.resolve();
    }
  }

  /** Lower first: owners under their share, then fewer pages held, then earlier arrival. */
  private rank(w: Waiter): number {
    const held = w.owner === undefined ? 0 : (this.held.get(w.owner) ?? 0);
    return (held >= this.perOwner ? 1 : 0) * 1e15 + held * 1e12 + w.seq;
  }
}
