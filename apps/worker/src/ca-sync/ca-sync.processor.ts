import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { SendCaSync } from '@app/domain/ca-sync/send-ca-sync.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { BullmqCaSyncWorker } from '@app/infra/queue/bullmq-ca-sync';
import { WORKER_LOG } from '../logger';

/** Sends the CA-sync test sends the API queued, one at a time. */
@Injectable()
export class CaSyncProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly worker: BullmqCaSyncWorker;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    send: SendCaSync,
    @Inject(WORKER_LOG) private readonly log: Logger,
  ) {
    this.worker = new BullmqCaSyncWorker(config.redis, config.queue, send, log);
  }

  onApplicationBootstrap(): void {
    this.worker.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker.close().catch((err: Error) => this.log.warn({ err: err.message }, 'closing the ca-sync worker failed'));
  }
}
