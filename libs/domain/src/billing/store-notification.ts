import { StoreKind } from './store-subscription';

/** A store notification, verified at the edge, before it is stored. */
export interface IncomingStoreNotification {
  store: StoreKind;
  /** iOS `notificationUUID`, Android Pub/Sub `messageId`: a replay carries the same one. */
  externalId: string;
  type: string;
  subtype: string | null;
  /** The subscription to re-fetch from the store (original transaction id or purchase token); null for test notifications. */
  reference: string | null;
}

export type StoreNotificationStatus = 'queued' | 'processed';

export interface StoredStoreNotification extends IncomingStoreNotification {
  id: number;
  status: StoreNotificationStatus;
  attempts: number;
}
