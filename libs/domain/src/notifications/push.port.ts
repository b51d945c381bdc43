import { DeepLink } from './notification';

export interface PushMessage {
  title: string;
  body: string;
  /** String values only (FCM data payload): the notification id, category and deep link. */
  data: Record<string, string>;
}

export type PushOutcome =
  | { outcome: 'sent' }
  /** The token is dead (FCM UNREGISTERED or INVALID_ARGUMENT): delete the device. */
  | { outcome: 'unregistered'; error: string }
  /** Transient (429, 5xx, network): try again, after `retryAfterMs` when the server said so. */
  | { outcome: 'retry'; error: string; retryAfterMs: number | null }
  /** Permanent for this message (bad request, auth): do not retry. */
  | { outcome: 'failed'; error: string };

/** Sends one push message to one device token (FCM HTTP v1 in production). */
export abstract class PushSender {
  /** False when no credentials are configured: notifications are still made, pushes are skipped. */
  abstract readonly enabled: boolean;
  abstract send(token: string, message: PushMessage): Promise<PushOutcome>;
}

export interface PushJob {
  notificationId: number;
  accountId: number;
}

/** Offers a push job to the workers; may throw (queue unreachable): the outbox row stays and the sweeper offers it later. */
export abstract class PushQueue {
  abstract enqueue(job: PushJob): Promise<void>;
}

/** Notifications whose push is still to be delivered (the push outbox). */
export abstract class PushOutbox {
  abstract add(accountId: number, notificationIds: number[], now: Date): Promise<void>;
  abstract remove(accountId: number, notificationId: number): Promise<void>;
  /** Whether the notification's row is still waiting (a delivered one has been removed). */
  abstract isPending(accountId: number, notificationId: number): Promise<boolean>;
  abstract pendingBefore(before: Date, limit: number): Promise<PushJob[]>;
}

export function deepLinkData(link: DeepLink): Record<string, string> {
  return {
    screen: link.screen,
    entity_type: link.entityType,
    entity_id: String(link.entityId),
    document_type: link.documentType ?? '',
    document_id: link.documentId === null ? '' : String(link.documentId),
  };
}
