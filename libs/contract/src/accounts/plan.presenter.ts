import { EffectivePlan } from '@app/domain/accounts/plan';

/** SPEC "Plan": `{code, label, expires_at, lapsed_from_pro, cancel_at_period_end}`. */
export function presentPlan(plan: EffectivePlan) {
  return {
    code: plan.code,
    label: plan.label,
    expires_at: plan.expiresAt,
    lapsed_from_pro: plan.lapsedFromPro,
    cancel_at_period_end: plan.cancelAtPeriodEnd,
  };
}
