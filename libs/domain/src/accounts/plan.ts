import { Account, PlanCode } from './account';
import { PlanLimitReached } from '../shared/domain-error';

export interface PlanLimits {
  /** Sales documents per calendar month on the Free plan. */
  documentsPerMonth: number;
  clients: number;
  inventoryItems: number;
  subUsers: number;
  sessions: number;
}

export interface PlanPolicy {
  free: PlanLimits;
  pro: PlanLimits;
}

export const DEFAULT_PLAN_POLICY: PlanPolicy = {
  free: { documentsPerMonth: 50, clients: 100, inventoryItems: 100, subUsers: 0, sessions: 2 },
  pro: {
    documentsPerMonth: Number.POSITIVE_INFINITY,
    clients: Number.POSITIVE_INFINITY,
    inventoryItems: Number.POSITIVE_INFINITY,
    subUsers: 50,
    sessions: 10,
  },
};

/** The plan in force: a Pro account whose subscription has passed is limited as Free. */
export function effectivePlan(account: Pick<Account, 'plan' | 'subscriptionExpiresAt'>, now: Date): PlanCode {
  if (account.plan !== 'pro') return 'free';
  if (!account.subscriptionExpiresAt) return 'pro';
  return Date.parse(account.subscriptionExpiresAt.replace(' ', 'T') + 'Z') > now.getTime() ? 'pro' : 'free';
}

/** Throws 402 when adding one more of `what` would pass the plan's limit. */
export function assertWithinLimit(
  account: Pick<Account, 'plan' | 'subscriptionExpiresAt'>,
  policy: PlanPolicy,
  now: Date,
  what: keyof PlanLimits,
  current: number,
  label: string,
): void {
  const plan = effectivePlan(account, now);
  const limit = policy[plan][what];
  if (current + 1 > limit) throw new PlanLimitReached(label, limit, plan);
}
