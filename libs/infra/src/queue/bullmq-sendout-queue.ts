import { SendoutJob } from '@app/domain/sendouts/sendout';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import type { QueueConfig } from '../config/queue-config';
import { BullmqOutboxQueue } from './bullmq-outbox-queue';
import type { RedisTarget } from '../redis/redis-connection';
import { SENDOUT_QUEUE, sendoutJobId, sendoutJobOptions } from './sendout-queue.config';

export { QueueUnavailable } from './bullmq-outbox-queue';

/** SendoutQueue on BullMQ: one job per sendout row, the row id as job id (fail-fast, see BullmqOutboxQueue). */
export class BullmqSendoutQueue extends BullmqOutboxQueue<SendoutJob> implements SendoutQueue {
  constructor(target: RedisTarget, config: QueueConfig, timeoutMs = 1000) {
    super(SENDOUT_QUEUE, target, config.prefix, sendoutJobOptions(config), timeoutMs);
  }

  enqueue(job: SendoutJob): Promise<void> {
    return this.add('deliver', job, sendoutJobId(job.sendoutId));
  }
}
