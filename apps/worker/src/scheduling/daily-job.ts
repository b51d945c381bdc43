import type { Logger } from 'pino';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Schedule } from './schedule';
import { ScheduleLocks } from './schedule-locks';

const HOUR_MS = 60 * 60 * 1000;

/** One daily job: its lock name, the work (answers how many records it changed) and the log line of a run. */
export interface DailyWork {
  job: string;
  run(): Promise<number>;
  /** The log line of a run, e.g. `{ marked: n }` and 'overdue invoices marked'. */
  report(count: number): [Record<string, number>, string];
}

/**
 * A job that runs once a day across processes: every worker checks hourly, and whichever first takes the
 * day's lock (Asia/Kolkata) runs it.
 */
export abstract class DailyJob extends Schedule {
  protected constructor(
    registry: SchedulerRegistry,
    private readonly locks: ScheduleLocks,
    private readonly log: Logger,
    private readonly work: DailyWork,
  ) {
    super(registry, work.job, HOUR_MS);
  }

  /** Runs the job if this process takes today's lock; null when another did, while closing, or on failure. */
  async runOnce(): Promise<number | null> {
    if (this.closing) return null;
    try {
      if (!(await this.locks.takeToday(this.work.job))) return null;
      const count = await this.work.run();
      const [fields, message] = this.work.report(count);
      this.log.info(fields, message);
      return count;
    } catch (err) {
      this.log.warn({ err: (err as Error).message, job: this.work.job }, 'daily job failed');
      return null;
    }
  }

  protected tick(): Promise<number | null> {
    return this.runOnce();
  }
}
