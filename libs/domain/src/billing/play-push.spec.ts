import { ValidationFailed } from '../shared/domain-error';
import { playNotificationOf } from './play-push';
import { planFromSubscriptions } from './store-subscription';

const envelope = (data: unknown, messageId: unknown = 'm-1') => ({ message: { data: Buffer.from(JSON.stringify(data)).toString('base64'), messageId } });

describe('playNotificationOf', () => {
  it('reads the message id, the type and the purchase token', () => {
    const n = playNotificationOf(envelope({ packageName: 'in.app', subscriptionNotification: { notificationType: 12, purchaseToken: 'tok' } }), 'in.app');
    expect(n).toEqual({ store: 'android', externalId: 'm-1', type: 'SUBSCRIPTION_REVOKED', subtype: null, reference: 'tok' });
  });

  it('a test notification has no subscription to fetch', () => {
    expect(playNotificationOf(envelope({ packageName: 'in.app', testNotification: { version: '1.0' } }), 'in.app')).toMatchObject({
      type: 'TEST',
      reference: null,
    });
  });

  it('refuses a missing message id, data that is not base64 JSON, and another app', () => {
    expect(() => playNotificationOf(envelope({ packageName: 'in.app' }, null), 'in.app')).toThrow(ValidationFailed);
    expect(() => playNotificationOf({ message: { data: '%%%', messageId: 'x' } }, 'in.app')).toThrow(ValidationFailed);
    expect(() =>
      playNotificationOf(envelope({ packageName: 'other.app', subscriptionNotification: { notificationType: 2, purchaseToken: 't' } }), 'in.app'),
    ).toThrow(ValidationFailed);
  });
});

describe('planFromSubscriptions', () => {
  it('the longest-lasting subscription decides the expiry; cancel-at-period-end only while it grants Pro', () => {
    expect(planFromSubscriptions([])).toBeNull();
    expect(
      planFromSubscriptions([
        { accessUntil: '2026-01-01 00:00:00', willRenew: true, state: 'expired' },
        { accessUntil: '2026-06-01 00:00:00', willRenew: false, state: 'active' },
      ]),
    ).toEqual({ expiresAt: '2026-06-01 00:00:00', cancelAtPeriodEnd: true });
    expect(planFromSubscriptions([{ accessUntil: '2026-06-01 00:00:00', willRenew: false, state: 'revoked' }])).toEqual({
      expiresAt: '2026-06-01 00:00:00',
      cancelAtPeriodEnd: false,
    });
  });
});
