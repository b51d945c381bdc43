import { Account, PlanCode } from '../shared/account';
import { PlanLimitReached, SubscriptionExpired } from '../shared/domain-error';

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

export const PLAN_LABELS: Record<PlanCode, string> = { free: 'Free', pro: 'Pro' };

/** The fields of an account that decide its plan. */
export type PlanFields = Pick<Account, 'plan' | 'subscriptionExpiresAt'> & Partial<Pick<Account, 'cancelAtPeriodEnd'>>;

/** The plan in force, as `/v1/me` and the store confirmations show it (SPEC "Plan"). */
export interface EffectivePlan {
  code: PlanCode;
  label: string;
  /** 'Y-m-d H:i:s' UTC; null for Free and for a Pro without an end. */
  expiresAt: string | null;
  /** The account bought Pro and its subscription has passed: it is limited as Free. */
  lapsedFromPro: boolean;
  /** Pro stays until `expiresAt`, then ends (the subscription will not renew). */
  cancelAtPeriodEnd: boolean;
}

const timestampMs = (ts: string) => Date.parse(ts.replace(' ', 'T') + 'Z');

/**
 * The one place that decides an account's plan (docs/decisions.md, "Plans"). `plan` and `subscription_expires_at`
 * are written by the CLI and by store reconciliation (which keeps the expiry at the store's, ends it at
 * once on refund or revoke, and records whether the subscription will renew); a Pro account whose
 * expiry has passed is limited as Free. Every limit and Pro-only check goes through here.
 */
export function planOf(account: PlanFields, now: Date): EffectivePlan {
  const expiresAt = account.subscriptionExpiresAt;
  if (account.plan !== 'pro') return { code: 'free', label: PLAN_LABELS.free, expiresAt, lapsedFromPro: false, cancelAtPeriodEnd: false };
  const active = expiresAt === null || timestampMs(expiresAt) > now.getTime();
  const code: PlanCode = active ? 'pro' : 'free';
  return { code, label: PLAN_LABELS[code], expiresAt, lapsedFromPro: !active, cancelAtPeriodEnd: active && account.cancelAtPeriodEnd === true };
}

/** The code of the plan in force. */
export function effectivePlan(account: PlanFields, now: Date): PlanCode {
  return planOf(account, now).code;
}

/**
 * Throws when adding one more of `what` (of which `used` exist) would pass the plan's limit: 402
 * `plan_limit_reached` with `details.limit`, `details.plan` and `details.used`. A Pro-only feature (a
 * limit of 0 on Free, such as sub-users) called by an account whose Pro has lapsed is 403
 * `subscription_expired` instead.
 */
export function assertWithinLimit(account: PlanFields, policy: PlanPolicy, now: Date, what: keyof PlanLimits, used: number, label: string): void {
  const plan = planOf(account, now);
  const limit = policy[plan.code][what];
  if (used + 1 <= limit) return;
  if (limit === 0 && plan.lapsedFromPro) throw new SubscriptionExpired();
  throw new PlanLimitReached(label, limit, plan.code, used);
}

/** A feature only Pro has (storefront, CA-sync): 403 `subscription_expired` after a lapse, 402 on Free. */
export function assertProFeature(account: PlanFields, now: Date, feature: string): void {
  const plan = planOf(account, now);
  if (plan.code === 'pro') return;
  if (plan.lapsedFromPro) throw new SubscriptionExpired();
  throw new PlanLimitReached(feature, 0, plan.code, 0);
}
