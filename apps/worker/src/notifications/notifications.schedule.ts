import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RuntimeSchedule } from '../scheduling/runtime-schedule';
import { NotificationsRuntime } from './notifications-runtime';

const HOUR_MS = 60 * 60 * 1000;

/** Relays activity and sweeps the push outbox every ACTIVITY_RELAY_INTERVAL_MS; checks the daily purge hourly; each once at start. */
@Injectable()
export class NotificationsSchedule extends RuntimeSchedule {
  constructor(registry: SchedulerRegistry, runtime: NotificationsRuntime) {
    super(registry, runtime, [
      { name: 'activity-relay', everyMs: runtime.intervalMs, run: () => runtime.relayOnce().then(() => runtime.sweepPushesOnce()) },
      { name: 'notifications-purge', everyMs: HOUR_MS, run: () => runtime.purgeOnce() },
    ]);
  }
}
