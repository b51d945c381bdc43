import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntegrationsRuntime } from './integrations-runtime';

const PURGE_KEYS = 'idempotency-keys-purge';
const DISPATCH = 'webhook-dispatch';
const PURGE_EVERY_MS = 15 * 60 * 1000;

/** Sends due webhooks every WEBHOOK_DISPATCH_INTERVAL_MS; deletes expired idempotency keys every 15 minutes; each once at start. */
@Injectable()
export class IntegrationsSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly registry: SchedulerRegistry,
    private readonly runtime: IntegrationsRuntime,
  ) {}

  onApplicationBootstrap(): void {
    const purge = () => void this.runtime.purgeKeysOnce();
    this.registry.addInterval(PURGE_KEYS, setInterval(purge, PURGE_EVERY_MS));
    purge();
    const dispatch = () => void this.runtime.dispatchOnce();
    this.registry.addInterval(DISPATCH, setInterval(dispatch, this.runtime.config.webhooks.dispatchIntervalMs));
    dispatch();
  }

  async onModuleDestroy(): Promise<void> {
    for (const name of [PURGE_KEYS, DISPATCH]) if (this.registry.doesExist('interval', name)) this.registry.deleteInterval(name);
    await this.runtime.close();
  }
}
