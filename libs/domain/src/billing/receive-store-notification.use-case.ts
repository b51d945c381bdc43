import { Clock } from '../shared/clock.port';
import { IncomingStoreNotification } from './store-notification';
import { StoreNotificationQueue, StoreNotificationRepository } from './store-notification.repository.port';

export interface Receipt {
  received: true;
  duplicate: boolean;
}

/**
 * Stores a verified store notification (idempotent by its external id), then offers it to the worker. The
 * answer does not wait for the store: the worker re-fetches the subscription before changing any plan. A
 * replay answers `duplicate: true` and does nothing. If the queue cannot take the job, the sweeper will.
 */
export class ReceiveStoreNotification {
  constructor(
    private readonly inbox: StoreNotificationRepository,
    private readonly queue: StoreNotificationQueue,
    private readonly clock: Clock,
  ) {}

  async execute(notification: IncomingStoreNotification): Promise<Receipt> {
    const { id, duplicate } = await this.inbox.add(notification, this.clock.now());
    if (!duplicate) await this.queue.enqueue(id).catch(() => undefined);
    return { received: true, duplicate };
  }
}
