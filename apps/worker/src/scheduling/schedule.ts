import { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

/**
 * A job the worker runs once at start and then every `everyMs`, under its own interval name. On shutdown
 * the interval is removed and the passes still running are awaited, before the queues, Chromium and the
 * database close (those close in onApplicationShutdown, which Nest runs after every onModuleDestroy).
 * Whether a pass runs in one process only is the subclass's lock (see ScheduleLocks).
 */
export abstract class Schedule implements OnApplicationBootstrap, OnModuleDestroy {
  protected closing = false;
  private readonly running = new Set<Promise<unknown>>();

  protected constructor(
    private readonly registry: SchedulerRegistry,
    private readonly name: string,
    private readonly everyMs: number,
  ) {}

  /** One pass; never rejects (failures are logged and answered as null). */
  protected abstract tick(): Promise<unknown>;

  onApplicationBootstrap(): void {
    const tick = () => {
      const pass = this.tick();
      this.running.add(pass);
      void pass.finally(() => this.running.delete(pass));
    };
    this.registry.addInterval(this.name, setInterval(tick, this.everyMs));
    tick();
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    if (this.registry.doesExist('interval', this.name)) this.registry.deleteInterval(this.name);
    await Promise.allSettled([...this.running]);
  }
}
