import { Module } from '@nestjs/common';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import { SendoutRepository } from '@app/domain/sendouts/sendout.repository.port';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { Database } from '../database/database';
import { BullmqSendoutQueue } from '../queue/bullmq-sendout-queue';
import { SqlSendoutRepository } from './sql-sendout.repository';
import { bind, factory } from '../core/providers';

/** The sendout outbox (rows) and the producer side of its BullMQ queue (the API offers, the worker's sweeper re-offers). */
@Module({
  providers: [
    bind(SendoutRepository, SqlSendoutRepository, [Database]),
    factory(SendoutQueue, [APP_CONFIG], (config: AppConfig) => new BullmqSendoutQueue(config.redis, config.queue)),
  ],
  exports: [SendoutRepository, SendoutQueue],
})
export class SendoutsInfraModule {}
