/**
 * A counting semaphore with a FIFO queue and a bound on the wait. Our own (a dozen lines) because the
 * renderer needs both a wait bound and `pending` for its idle check, which small libraries
 * (p-limit, async-sema) do not offer together.
 */
export class Semaphore {
  private readonly waiters: Array<{ resolve: () => void; reject: (e: Error) => void; timer?: NodeJS.Timeout }> = [];

  constructor(private permits: number) {}

  /** Waits for a permit at most `waitMs` (unbounded when omitted), then rejects with `onTimeout()`. */
  acquire(waitMs?: number, onTimeout?: () => Error): Promise<void> {
    if (this.permits > 0 && !this.waiters.length) {
      this.permits--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: (typeof this.waiters)[number] = { resolve, reject };
      if (waitMs !== undefined) {
        waiter.timer = setTimeout(
          () => {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            reject(onTimeout ? onTimeout() : new Error(`no permit within ${waitMs} ms`));
          },
          Math.max(0, waitMs),
        );
      }
      this.waiters.push(waiter);
    });
  }

  release(): void {
    const next = this.waiters.shift();
    if (!next) {
      this.permits++;
      return;
    }
    clearTimeout(next.timer);
    next.resolve();
  }

  /** Rejects every waiter (the permits they would have had are not given back). */
  rejectAll(error: () => Error): void {
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.reject(error());
    }
  }

  /** Permits held plus callers waiting: 0 when nobody uses the semaphore. */
  get queued(): number {
    return this.waiters.length;
  }
}
