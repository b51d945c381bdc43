import { AttemptRecord, WebhookStore } from './webhook.ports';

interface Waiting {
  deliveryId: number;
  attempt: AttemptRecord;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Outcomes written in one statement at most. */
const MAX_BATCH = 500;

/**
 * Writes the outcomes of webhook attempts in batches, one statement at a time: an outcome waits up to `lingerMs`
 * for others (or until MAX_BATCH are waiting), and those that come while a statement is written go in the next.
 * Under load many outcomes share a statement (a worker sending thousands a second would otherwise spend more on
 * writing them than on sending); a lone outcome is written after `lingerMs`. The next event of a resource is due
 * only once its previous outcome is written, so the linger is the most it adds to that wait. When a shared
 * statement fails, each of its outcomes is written alone, so one that the database refuses fails by itself.
 */
export class AttemptRecorder {
  private waiting: Waiting[] = [];
  private writing = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly store: WebhookStore,
    private readonly lingerMs = 20,
  ) {}

  /** Resolves once the outcome is written; rejects when it could not be. */
  record(deliveryId: number, attempt: AttemptRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ deliveryId, attempt, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.writing || !this.waiting.length) return;
    if (this.waiting.length >= MAX_BATCH) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      void this.write();
    } else
      this.timer ??= setTimeout(() => {
        this.timer = null;
        void this.write();
      }, this.lingerMs);
  }

  private async write(): Promise<void> {
    this.writing = true;
    const batch = this.waiting.splice(0, MAX_BATCH);
    try {
      await this.store.recordAttempts(batch.map(({ deliveryId, attempt }) => ({ deliveryId, attempt })));
      for (const w of batch) w.resolve();
    } catch (err) {
      if (batch.length === 1) batch[0].reject(err);
      else for (const w of batch) await this.store.recordAttempts([{ deliveryId: w.deliveryId, attempt: w.attempt }]).then(w.resolve, w.reject);
    } finally {
      this.writing = false;
      this.schedule();
    }
  }
}
