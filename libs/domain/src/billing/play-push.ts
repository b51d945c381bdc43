import { ValidationFailed } from '../shared/domain-error';
import { IncomingStoreNotification } from './store-notification';
import { parseJson } from '../shared/json';

/** The Pub/Sub push envelope of a Google Play real-time developer notification. */
export interface PlayPushEnvelope {
  message?: { data?: unknown; messageId?: unknown; message_id?: unknown };
}

/** Names of `subscriptionNotification.notificationType` (Play's numbers). */
const TYPES: Record<number, string> = {
  1: 'SUBSCRIPTION_RECOVERED',
  2: 'SUBSCRIPTION_RENEWED',
  3: 'SUBSCRIPTION_CANCELED',
  4: 'SUBSCRIPTION_PURCHASED',
  5: 'SUBSCRIPTION_ON_HOLD',
  6: 'SUBSCRIPTION_IN_GRACE_PERIOD',
  7: 'SUBSCRIPTION_RESTARTED',
  8: 'SUBSCRIPTION_PRICE_CHANGE_CONFIRMED',
  9: 'SUBSCRIPTION_DEFERRED',
  10: 'SUBSCRIPTION_PAUSED',
  11: 'SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED',
  12: 'SUBSCRIPTION_REVOKED',
  13: 'SUBSCRIPTION_EXPIRED',
  20: 'SUBSCRIPTION_PENDING_PURCHASE_CANCELED',
};

/**
 * Reads the envelope: `message.messageId` and `message.data` (base64 JSON with `packageName` and a
 * `subscriptionNotification`, or a `testNotification`). Anything else is 400 validation_error. A
 * notification of another app is refused the same way when the package name is configured.
 */
/** The fields of a Play developer notification that we read; everything arrives unchecked. */
interface PlayDeveloperNotification {
  packageName?: unknown;
  testNotification?: unknown;
  subscriptionNotification?: { purchaseToken?: unknown; notificationType?: unknown } | null;
}

export function playNotificationOf(envelope: PlayPushEnvelope, packageName: string | null): IncomingStoreNotification {
  const message = envelope?.message;
  const messageId = message?.messageId ?? message?.message_id;
  if (typeof messageId !== 'string' || !messageId.trim() || messageId.length > 191) throw ValidationFailed.field('message.messageId', 'is required');
  let data: PlayDeveloperNotification;
  try {
    if (typeof message?.data !== 'string') throw new Error('missing');
    data = parseJson(Buffer.from(message.data, 'base64').toString('utf8')) as PlayDeveloperNotification;
    if (!data || typeof data !== 'object') throw new Error('not an object');
  } catch {
    throw ValidationFailed.field('message.data', 'must be base64 of a Play developer notification');
  }
  if (packageName && data.packageName !== packageName) throw ValidationFailed.field('message.data', `is for another app (${String(data.packageName)})`);
  const sub = data.subscriptionNotification;
  if (sub && typeof sub === 'object') {
    if (typeof sub.purchaseToken !== 'string' || !sub.purchaseToken) throw ValidationFailed.field('message.data', 'has no purchaseToken');
    const type = TYPES[Number(sub.notificationType)] ?? `TYPE_${String(sub.notificationType)}`;
    return { store: 'android', externalId: messageId.trim(), type, subtype: null, reference: sub.purchaseToken };
  }
  return { store: 'android', externalId: messageId.trim(), type: data.testNotification ? 'TEST' : 'OTHER', subtype: null, reference: null };
}
