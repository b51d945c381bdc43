import { IncomingStoreNotification, StoredStoreNotification } from './store-notification';

/** Store notifications as received: the inbox the worker drains. */
export abstract class StoreNotificationRepository {
  /** Stores it unless one with the same store and external id exists (then `duplicate`). */
  abstract add(notification: IncomingStoreNotification, now: Date): Promise<{ id: number; duplicate: boolean }>;
  abstract find(id: number): Promise<StoredStoreNotification | null>;
  /** Counts an attempt and records its error; the row stays queued. */
  abstract recordAttempt(id: number, error: string | null, now: Date): Promise<void>;
  abstract markProcessed(id: number, outcome: string, now: Date): Promise<void>;
  /** Ids of queued rows not touched since `before`, oldest first. */
  abstract findQueued(before: string, limit: number): Promise<number[]>;
}

/** Hands a stored notification to the worker (a BullMQ job in production). */
export abstract class StoreNotificationQueue {
  abstract enqueue(notificationId: number): Promise<void>;
}
