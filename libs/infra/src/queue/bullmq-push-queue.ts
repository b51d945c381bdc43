import { PushJob, PushQueue } from '@app/domain/notifications/push.port';
import { BullmqOutboxQueue } from './bullmq-outbox-queue';
import type { RedisTarget } from '../redis/redis-connection';

/** Queue name; keys live under `<QUEUE_PREFIX>:pushes:*`. */
export const PUSH_QUEUE = 'pushes';

/** One job per notification, its id as job id. Retries are scheduled by the worker itself (it honours Retry-After). */
export class BullmqPushQueue extends BullmqOutboxQueue<PushJob> implements PushQueue {
  constructor(target: RedisTarget, prefix: string, timeoutMs = 1000) {
    super(PUSH_QUEUE, target, prefix, { attempts: 1, removeOnComplete: true, removeOnFail: true }, timeoutMs);
  }

  enqueue(job: PushJob): Promise<void> {
    return this.add('push', job, `push-${job.notificationId}`);
  }
}
