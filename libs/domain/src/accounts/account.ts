import { PlanCode } from '../shared/account';

export interface NewAccount {
  businessName: string;
  businessEmail: string;
  currency: string;
  gstin: string | null;
  pan: string | null;
  plan: PlanCode;
  subscriptionExpiresAt: string | null;
}
