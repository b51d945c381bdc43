import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { DeliverPush } from '@app/domain/notifications/deliver-push.use-case';
import { PushSender } from '@app/domain/notifications/push.port';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { BullmqPushWorker } from '@app/infra/queue/bullmq-push-worker';
import { WORKER_LOG } from '../logger';

/** Delivers pushes from their queue; without an FCM service account it does not start (notifications are still made). */
@Injectable()
export class PushProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly worker: BullmqPushWorker;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    deliver: DeliverPush,
    private readonly sender: PushSender,
    @Inject(WORKER_LOG) private readonly log: Logger,
  ) {
    this.worker = new BullmqPushWorker(
      config.redis,
      { prefix: config.queue.prefix, concurrency: config.push.concurrency, backoffMs: config.push.backoffMs },
      deliver,
      log,
    );
  }

  onApplicationBootstrap(): void {
    if (this.sender.enabled) this.worker.start();
    else this.log.info({}, 'push disabled: no FCM service account configured; notifications are made, pushes skipped');
  }

  onModuleDestroy(): Promise<void> {
    return this.worker.close().catch((err: Error) => this.log.warn({ err: err.message }, 'closing the push worker failed'));
  }
}
