import { Injectable, OnApplicationBootstrap, OnModuleDestroy, Provider } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/infra/config/app-config';
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

/** The worker module's storefront providers (the runtime on the worker's DataSource, and its schedule). */
export function storefrontProviders(config: AppConfig, logger: () => Logger): Provider[] {
  return [
    { provide: StorefrontRuntime, useFactory: (ds: DataSource) => new StorefrontRuntime(config, ds, logger()), inject: [DataSource] },
    StorefrontSchedule,
  ];
}
