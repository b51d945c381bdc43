import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RuntimeSchedule } from '../scheduling/runtime-schedule';
import { IntegrationsRuntime } from './integrations-runtime';

const PURGE_EVERY_MS = 15 * 60 * 1000;

/** Sends due webhooks every WEBHOOK_DISPATCH_INTERVAL_MS; deletes expired idempotency keys every 15 minutes; each once at start. */
@Injectable()
export class IntegrationsSchedule extends RuntimeSchedule {
  constructor(registry: SchedulerRegistry, runtime: IntegrationsRuntime) {
    super(registry, runtime, [
      { name: 'idempotency-keys-purge', everyMs: PURGE_EVERY_MS, run: () => runtime.purgeKeysOnce() },
      { name: 'webhook-dispatch', everyMs: runtime.config.webhooks.dispatchIntervalMs, run: () => runtime.dispatchOnce() },
    ]);
  }
}
