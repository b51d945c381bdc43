import type { Logger } from 'pino';

/**
 * One run of a job at a time in this process: a call while a run is in progress joins it. A failure is
 * logged as `failure` and answered as null, so a schedule's pass never rejects.
 */
export class SingleFlight<T> {
  private current: Promise<T | null> | null = null;

  constructor(
    private readonly log: Logger,
    private readonly failure: string,
  ) {}

  run(work: () => Promise<T>, report: (result: T) => void): Promise<T | null> {
    this.current ??= work()
      .then((result) => {
        report(result);
        return result;
      })
      .catch((err: Error) => {
        this.log.warn({ err: err.message }, this.failure);
        return null;
      })
      .finally(() => {
        this.current = null;
      });
    return this.current;
  }
}
