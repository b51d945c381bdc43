import type { Logger } from 'pino';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Schedule } from './schedule';
import { ScheduleLocks } from './schedule-locks';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A job that runs once a day across processes: every worker checks hourly, and whichever first takes the
 * day's lock (Asia/Kolkata) runs it.
 */
export abstract class DailyJob extends Schedule {
  protected constructor(
    registry: SchedulerRegistry,
    private readonly locks: ScheduleLocks,
    protected readonly log: Logger,
    private readonly job: string,
  ) {
    super(registry, job, HOUR_MS);
  }

  /** The day's work; answers how many records it changed. */
  protected abstract work(): Promise<number>;

  /** Runs the job if this process takes today's lock; null when another did, while closing, or on failure. */
  async runOnce(): Promise<number | null> {
    if (this.closing) return null;
    try {
      if (!(await this.locks.takeToday(this.job))) return null;
      return await this.work();
    } catch (err) {
      this.log.warn({ err: (err as Error).message, job: this.job }, 'daily job failed');
      return null;
    }
  }

  protected tick(): Promise<number | null> {
    return this.runOnce();
  }
}
