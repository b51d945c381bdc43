import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RuntimeSchedule } from '../scheduling/runtime-schedule';
import { StorefrontRuntime } from './storefront-runtime';

const HOUR_MS = 60 * 60 * 1000;

/** Starts the storefront processors; sweeps every SWEEP_INTERVAL_MS and checks the daily log purge hourly; each once at start. */
@Injectable()
export class StorefrontSchedule extends RuntimeSchedule {
  constructor(registry: SchedulerRegistry, runtime: StorefrontRuntime) {
    super(registry, runtime, [
      { name: 'storefront-sweep', everyMs: runtime.config.queue.sweepIntervalMs, run: () => runtime.sweepOnce() },
      { name: 'storefront-purge', everyMs: HOUR_MS, run: () => runtime.purgeOnce() },
    ]);
  }
}
