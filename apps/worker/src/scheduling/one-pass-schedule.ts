import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { loggedPass, OnePassAtATime } from './passes';
import { Schedule } from './schedule';

/**
 * A Schedule whose pass runs at most once at a time in this process: a pass asked for while one runs
 * joins it. A pass never rejects (a failure is logged as `failure`) and none starts once the worker closes.
 */
export abstract class OnePassSchedule<T> extends Schedule {
  private readonly passes = new OnePassAtATime<T | null>();

  protected constructor(
    registry: SchedulerRegistry,
    name: string,
    everyMs: number,
    protected readonly log: Logger,
    private readonly failure: string,
  ) {
    super(registry, name, everyMs);
  }

  /** The work of one pass; null when it did not run (another process holds its lock). */
  protected abstract pass(): Promise<T | null>;

  /** One pass, or the one in progress; null when it did not run or failed. */
  protected runPass(): Promise<T | null> {
    if (this.closing) return Promise.resolve(null);
    return this.passes.run(() => loggedPass(this.log, this.failure, () => this.pass()));
  }

  protected tick(): Promise<unknown> {
    return this.runPass();
  }
}
