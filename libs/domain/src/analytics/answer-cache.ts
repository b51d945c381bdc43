/**
 * A small in-process cache of analytics answers: entries expire after `ttlMs`, the oldest go first
 * beyond `maxEntries`, and concurrent misses of one key share a single computation (so twenty requests
 * arriving together after a write run the aggregates once). Correctness comes from the key, which
 * carries the account's data version: see docs/analytics.md "Answer cache".
 */
export class AnswerCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > at) return hit.value as Promise<T>;
    if (hit) this.entries.delete(key);
    const value = compute();
    this.entries.set(key, { expires: at + this.ttlMs, value });
    // A failed computation is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
