/** What a waiter asks for besides a page. */
export interface AcquireOptions {
  /** Longest wait for a page (unbounded when omitted); then the promise rejects with `onTimeout()`. */
  waitMs?: number;
  onTimeout?: () => Error;
  /**
   * Called (once) when the pool wants the page back: this render holds a page beyond its owner's share and
   * another owner under its share waits. The holder should stop and release the page; it may queue again.
   * Without it the render is never asked to stop.
   */
  preempt?: () => void;
  /** Place in the queue: a render preempted queues again with the `seq` of its lease, ahead of its owner's later ones. */
  seq?: number;
}

/** A page held; `release` gives it back (once; further calls do nothing). */
export interface PageLease {
  readonly seq: number;
  release(): void;
}

/** One render waiting for a page. */
interface Waiter {
  owner: number | undefined;
  seq: number;
  preempt?: () => void;
  resolve: (lease: PageLease) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
}

/** One page held. */
interface Grant {
  owner: number | undefined;
  seq: number;
  preempt?: () => void;
  preempted: boolean;
  released: boolean;
}

/**
 * The renderer's pages, shared fairly between owners (accounts) and never left idle while a render waits.
 *
 * A free page goes to the waiting render whose owner holds the fewest pages, first among owners still under
 * their share (`perOwner`), the earlier arrival on a tie. So an owner alone may use every page (a bulk ZIP or a
 * run of sendouts of one account renders on all of them). Pages beyond the share are lent, not given: when an
 * owner under its share waits and no page is free, the latest render of the owner holding the most pages
 * beyond its share is preempted (asked to stop and give its page back, then queued again first among its
 * owner's renders). So another owner waits for no render in progress, only for the preempted one to stop;
 * the cost is the preempted render's lost work, paid only while another owner waits. Renders without an
 * owner count as owners of their own.
 *
 * Our own because the libraries for the job (p-limit, async-sema, p-queue) have one queue per limiter: none
 * grants a free permit across queues by the holder's current use, nor takes one back, which is the fairness here.
 */
export class FairPagePool {
  private free: number;
  private seq = 0;
  private readonly waiters: Waiter[] = [];
  private readonly held = new Map<number, number>();
  private readonly grants = new Set<Grant>();
  private preemptions = 0;
  /** When each owner last gave a page back (ms, `performance.now()`), for the grace. */
  private readonly lastRelease = new Map<number, number>();
  private graceTimer: NodeJS.Timeout | undefined;

  /**
   * `graceMs`: how long a page freed by an owner under its share is kept for that owner's next render before it
   * is lent beyond another owner's share (0: lent at once). It spares the churn of a run of requests one after
   * the other (another account's PDFs fetched in a row): without it each of them would take back a page that
   * a render beyond its owner's share has just started printing on again.
   */
  constructor(
    concurrency: number,
    private readonly perOwner = Infinity,
    private readonly graceMs = 0,
  ) {
    this.free = concurrency;
  }

  acquire(owner?: number, options: AcquireOptions = {}): Promise<PageLease> {
    return new Promise<PageLease>((resolve, reject) => {
      const waiter: Waiter = { owner, seq: options.seq ?? this.seq++, preempt: options.preempt, resolve, reject };
      const { waitMs, onTimeout } = options;
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

  /** Rejects every waiter (the pages they would have had stay free). */
  rejectAll(error: () => Error): void {
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.reject(error());
    }
  }

  /** Renders waiting for a page. */
  get queued(): number {
    return this.waiters.length;
  }

  /** Renders asked to give their page back since construction. */
  get preempted(): number {
    return this.preemptions;
  }

  private release(grant: Grant): void {
    if (grant.released) return;
    grant.released = true;
    this.grants.delete(grant);
    if (grant.owner !== undefined) {
      if (this.graceMs > 0 && this.perOwner !== Infinity) this.lastRelease.set(grant.owner, performance.now());
      const n = (this.held.get(grant.owner) ?? 1) - 1;
      if (n > 0) this.held.set(grant.owner, n);
      else this.held.delete(grant.owner);
    }
    this.free++;
    this.grant();
  }

  private grant(): void {
    while (this.free > 0 && this.waiters.length) {
      const next = this.waiters.reduce((best, w) => (this.rank(w) < this.rank(best) ? w : best));
      if (this.free <= this.keptInGrace(next.owner)) break;
      this.waiters.splice(this.waiters.indexOf(next), 1);
      clearTimeout(next.timer);
      this.free--;
      if (next.owner !== undefined) this.held.set(next.owner, (this.held.get(next.owner) ?? 0) + 1);
      const grant: Grant = { owner: next.owner, seq: next.seq, preempt: next.preempt, preempted: false, released: false };
      this.grants.add(grant);
      next.resolve({ seq: grant.seq, release: () => this.release(grant) });
    }
    this.reclaim();
  }

  /**
   * Free pages kept back from `owner`'s render when it would hold a page beyond its share: one for each other
   * owner under its share that gave a page back within the grace (its next render is likely on its way). A
   * timer grants them again when the grace runs out.
   */
  private keptInGrace(owner: number | undefined): number {
    if (this.graceMs <= 0 || owner === undefined || (this.held.get(owner) ?? 0) < this.perOwner) return 0;
    const now = performance.now();
    let kept = 0;
    let firstEnd = Infinity;
    for (const [other, at] of this.lastRelease) {
      if (now - at >= this.graceMs) this.lastRelease.delete(other);
      else if (other !== owner && (this.held.get(other) ?? 0) < this.perOwner) {
        kept++;
        firstEnd = Math.min(firstEnd, at + this.graceMs);
      }
    }
    if (kept && !this.graceTimer) {
      this.graceTimer = setTimeout(
        () => {
          this.graceTimer = undefined;
          this.grant();
        },
        Math.max(1, Math.ceil(firstEnd - now)),
      );
      this.graceTimer.unref();
    }
    return kept;
  }

  /** Asks over-share renders for their pages, one for each page that owners under their share still wait for. */
  private reclaim(): void {
    if (this.perOwner === Infinity || !this.waiters.length) return;
    const stopping = [...this.grants].filter((g) => g.preempted);
    let wanted = this.pagesWantedUnderShare() - stopping.length;
    while (wanted-- > 0) {
      const victim = this.overShareVictim(stopping);
      if (!victim) return;
      victim.preempted = true;
      stopping.push(victim);
      this.preemptions++;
      victim.preempt?.();
    }
  }

  /** Pages the waiting owners could take without going past their share. */
  private pagesWantedUnderShare(): number {
    const waiting = new Map<number | undefined, number>();
    let ownerless = 0;
    for (const w of this.waiters) {
      if (w.owner === undefined) ownerless++;
      else waiting.set(w.owner, (waiting.get(w.owner) ?? 0) + 1);
    }
    let wanted = ownerless;
    for (const [owner, n] of waiting) wanted += Math.max(0, Math.min(n, this.perOwner - (this.held.get(owner as number) ?? 0)));
    return wanted;
  }

  /** The latest preemptible render of the owner furthest past its share (pages being given back not counted). */
  private overShareVictim(stopping: Grant[]): Grant | undefined {
    let victim: Grant | undefined;
    let most = this.perOwner;
    for (const [owner, n] of this.held) {
      const keeps = n - stopping.filter((g) => g.owner === owner).length;
      if (keeps <= most) continue;
      const latest = [...this.grants].filter((g) => g.owner === owner && g.preempt && !g.preempted).sort((a, b) => b.seq - a.seq)[0];
      if (latest) {
        victim = latest;
        most = keeps;
      }
    }
    return victim;
  }

  /** Lower first: owners under their share, then fewer pages held, then earlier arrival. */
  private rank(w: Waiter): number {
    const held = w.owner === undefined ? 0 : (this.held.get(w.owner) ?? 0);
    return (held >= this.perOwner ? 1 : 0) * 1e15 + held * 1e12 + w.seq;
  }
}
