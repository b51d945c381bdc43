import type { Account } from '@app/domain/shared/account';
import type { EffectivePlan } from '@app/domain/accounts/plan';
import { presentPlan } from './plan.presenter';

/** `GET /v1/me`: the account of the calling key or user and its plan now. */
export function presentMe(account: Account, plan: EffectivePlan) {
  return {
    account_id: account.id,
    business_name: account.businessName,
    business_email: account.businessEmail,
    currency: account.currency,
    business_gstin: account.gstin,
    business_pan: account.pan,
    subscription_expires_at: account.subscriptionExpiresAt,
    plan: presentPlan(plan),
  };
}
