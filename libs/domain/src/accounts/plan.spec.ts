import { PlanLimitReached, SubscriptionExpired } from '../shared/domain-error';
import { assertProFeature, assertWithinLimit, DEFAULT_PLAN_POLICY, planOf } from './plan';

const now = new Date('2026-05-10T12:00:00Z');

describe('planOf', () => {
  it('Free is Free, with no lapse and no cancellation', () => {
    expect(planOf({ plan: 'free', subscriptionExpiresAt: null, cancelAtPeriodEnd: true }, now)).toEqual({
      code: 'free',
      label: 'Free',
      expiresAt: null,
      lapsedFromPro: false,
      cancelAtPeriodEnd: false,
    });
  });

  it('Pro until its expiry (exclusive), then limited as Free and marked lapsed', () => {
    expect(planOf({ plan: 'pro', subscriptionExpiresAt: '2026-05-10 12:00:01' }, now)).toMatchObject({ code: 'pro', lapsedFromPro: false });
    expect(planOf({ plan: 'pro', subscriptionExpiresAt: '2026-05-10 12:00:00' }, now)).toMatchObject({ code: 'free', label: 'Free', lapsedFromPro: true });
    expect(planOf({ plan: 'pro', subscriptionExpiresAt: null }, now)).toMatchObject({ code: 'pro', expiresAt: null });
  });

  it('shows cancel_at_period_end only while Pro lasts', () => {
    expect(planOf({ plan: 'pro', subscriptionExpiresAt: '2026-06-01 00:00:00', cancelAtPeriodEnd: true }, now).cancelAtPeriodEnd).toBe(true);
    expect(planOf({ plan: 'pro', subscriptionExpiresAt: '2026-05-01 00:00:00', cancelAtPeriodEnd: true }, now).cancelAtPeriodEnd).toBe(false);
  });
});

describe('assertWithinLimit and assertProFeature', () => {
  const free = { plan: 'free' as const, subscriptionExpiresAt: null };
  const lapsed = { plan: 'pro' as const, subscriptionExpiresAt: '2026-01-01 00:00:00' };
  const pro = { plan: 'pro' as const, subscriptionExpiresAt: '2027-01-01 00:00:00' };

  it('402 with limit, plan and used past a Free limit; Pro has none', () => {
    expect(() => assertWithinLimit(free, DEFAULT_PLAN_POLICY, now, 'clients', 99, 'clients')).not.toThrow();
    let error: unknown;
    try {
      assertWithinLimit(lapsed, DEFAULT_PLAN_POLICY, now, 'clients', 100, 'clients');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PlanLimitReached);
    expect((error as PlanLimitReached).details).toMatchObject({ limit: 100, plan: 'free', used: 100 });
    expect(() => assertWithinLimit(pro, DEFAULT_PLAN_POLICY, now, 'clients', 10_000, 'clients')).not.toThrow();
  });

  it('a Pro-only feature: 402 on Free, 403 subscription_expired after a lapse', () => {
    expect(() => assertWithinLimit(free, DEFAULT_PLAN_POLICY, now, 'subUsers', 0, 'sub-users')).toThrow(PlanLimitReached);
    expect(() => assertWithinLimit(lapsed, DEFAULT_PLAN_POLICY, now, 'subUsers', 0, 'sub-users')).toThrow(SubscriptionExpired);
    expect(() => assertProFeature(free, now, 'storefront')).toThrow(PlanLimitReached);
    expect(() => assertProFeature(lapsed, now, 'storefront')).toThrow(SubscriptionExpired);
    expect(() => assertProFeature(pro, now, 'storefront')).not.toThrow();
  });
});
