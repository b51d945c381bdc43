import type { Logger } from 'pino';

/**
 * One pass of a scheduled job that never rejects: what `pass` answers, or null once its failure is logged
 * as `failed` (the next interval tries again).
 */
export async function loggedPass<T>(log: Logger, failed: string, pass: () => Promise<T>): Promise<T | null> {
  try {
    return await pass();
  } catch (err) {
    log.warn({ err: (err as Error).message }, failed);
    return null;
  }
}

/** At most one pass at a time in this process: a pass asked for while one runs joins it. */
export class OnePassAtATime<T> {
  private running: Promise<T> | null = null;

  run(pass: () => Promise<T>): Promise<T> {
    // `finally` runs after this assignment even when the pass settles at once.
    this.running ??= pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves once the pass in progress, if any, has ended (a shutdown waits for it). */
  async finished(): Promise<void> {
    await this.running;
  }
}
