import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { NotificationsRuntime } from './notifications-runtime';

const RELAY = 'activity-relay';
const PURGE = 'notifications-purge';
const HOUR_MS = 60 * 60 * 1000;

/** Relays activity and sweeps the push outbox every ACTIVITY_RELAY_INTERVAL_MS; checks the daily purge hourly; each once at start. */
@Injectable()
export class NotificationsSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly registry: SchedulerRegistry,
    private readonly runtime: NotificationsRuntime,
  ) {}

  onApplicationBootstrap(): void {
    this.runtime.start();
    const tick = () => void this.runtime.relayOnce().then(() => this.runtime.sweepPushesOnce());
    this.registry.addInterval(RELAY, setInterval(tick, this.runtime.intervalMs));
    tick();
    const purge = () => void this.runtime.purgeOnce();
    this.registry.addInterval(PURGE, setInterval(purge, HOUR_MS));
    purge();
  }

  async onModuleDestroy(): Promise<void> {
    for (const name of [RELAY, PURGE]) if (this.registry.doesExist('interval', name)) this.registry.deleteInterval(name);
    await this.runtime.close();
  }
}
