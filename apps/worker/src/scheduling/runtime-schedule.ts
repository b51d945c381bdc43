import { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

/** A runtime whose jobs a RuntimeSchedule runs: started first (when it has processors), closed last. */
export interface ScheduledRuntime {
  start?(): void;
  close(): Promise<void>;
}

/** One job of a runtime: its interval name, its period and one pass (which never rejects). */
export interface IntervalJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * Starts a runtime, then runs each of its jobs once and every `everyMs` under its interval name; on
 * shutdown removes the intervals and closes the runtime. Unlike Schedule, it does not wait for passes still
 * running: closing the runtime ends them.
 */
export abstract class RuntimeSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  protected constructor(
    private readonly registry: SchedulerRegistry,
    private readonly runtime: ScheduledRuntime,
    private readonly jobs: IntervalJob[],
  ) {}

  onApplicationBootstrap(): void {
    this.runtime.start?.();
    for (const job of this.jobs) {
      const run = () => void job.run();
      this.registry.addInterval(job.name, setInterval(run, job.everyMs));
      run();
    }
  }

  async onModuleDestroy(): Promise<void> {
    for (const { name } of this.jobs) if (this.registry.doesExist('interval', name)) this.registry.deleteInterval(name);
    await this.runtime.close();
  }
}
