import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { DeliverSendout } from '@app/domain/sendouts/deliver-sendout.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { BullmqSendoutWorker } from '@app/infra/queue/bullmq-sendout-worker';
import { WORKER_LOG } from '../logger';

/** Takes sendout jobs off the queue (SENDOUT_CONCURRENCY at once) and delivers them; running jobs finish on shutdown. */
@Injectable()
export class SendoutProcessor implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly worker: BullmqSendoutWorker;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    deliver: DeliverSendout,
    @Inject(WORKER_LOG) private readonly log: Logger,
  ) {
    this.worker = new BullmqSendoutWorker(config.redis, config.queue, deliver, log);
  }

  onApplicationBootstrap(): void {
    this.worker.start();
    this.log.info(
      { concurrency: this.config.queue.sendoutConcurrency, queue_prefix: this.config.queue.prefix, mail: this.config.smtpUrl ? 'smtp' : 'outbox' },
      'worker started',
    );
  }

  /** Stops taking new jobs (running ones finish). */
  pause(): Promise<void> {
    return this.worker.pause();
  }

  resume(): void {
    this.worker.resume();
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker.close().catch((err: Error) => this.log.warn({ err: err.message }, 'closing the queue worker failed'));
  }

  onApplicationShutdown(): void {
    this.log.info({}, 'worker stopped');
  }
}
