import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { Schedule } from '../scheduling/schedule';
import { StoreBillingRuntime } from './store-billing.runtime';

const HOUR_MS = 60 * 60 * 1000;

/** Processes stored store notifications from their queue. */
@Injectable()
export class StoreNotificationProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(private readonly billing: StoreBillingRuntime) {}

  onApplicationBootstrap(): void {
    this.billing.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.billing.close();
  }
}

/** Offers queued store notifications again every SWEEP_INTERVAL_MS (one process per interval). */
@Injectable()
export class StoreNotificationSweep extends Schedule {
  constructor(
    registry: SchedulerRegistry,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly billing: StoreBillingRuntime,
  ) {
    super(registry, 'store-notification-sweeper', config.queue.sweepIntervalMs);
  }

  protected tick(): Promise<number | null> {
    return this.billing.sweepOnce();
  }
}

/** Re-checks subscriptions ending within a day, checked hourly and run once a day across processes. */
@Injectable()
export class SubscriptionRecheck extends Schedule {
  constructor(
    registry: SchedulerRegistry,
    private readonly billing: StoreBillingRuntime,
  ) {
    super(registry, 'subscriptions-recheck', HOUR_MS);
  }

  protected tick(): Promise<unknown> {
    return this.billing.recheckOnce();
  }
}
