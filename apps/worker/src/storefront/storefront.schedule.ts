import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { StorefrontRuntime } from './storefront-runtime';

const SWEEP = 'storefront-sweep';
const PURGE = 'storefront-purge';
const HOUR_MS = 60 * 60 * 1000;

/** Starts the storefront processors; sweeps every SWEEP_INTERVAL_MS and checks the daily log purge hourly; each once at start. */
@Injectable()
export class StorefrontSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly registry: SchedulerRegistry,
    private readonly runtime: StorefrontRuntime,
  ) {}

  onApplicationBootstrap(): void {
    this.runtime.start();
    const sweep = () => void this.runtime.sweepOnce();
    this.registry.addInterval(SWEEP, setInterval(sweep, this.runtime.config.queue.sweepIntervalMs));
    sweep();
    const purge = () => void this.runtime.purgeOnce();
    this.registry.addInterval(PURGE, setInterval(purge, HOUR_MS));
    purge();
  }

  async onModuleDestroy(): Promise<void> {
    for (const name of [SWEEP, PURGE]) if (this.registry.doesExist('interval', name)) this.registry.deleteInterval(name);
    await this.runtime.close();
  }
}
