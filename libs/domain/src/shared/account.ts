/** The tenant: every record belongs to one account, and every feature reads it (its plan, GST identity, zone). */
export type PlanCode = 'free' | 'pro';

export interface Account {
  id: number;
  businessName: string | null;
  businessEmail: string | null;
  currency: string;
  gstin: string | null;
  pan: string | null;
  address: string | null;
  stateCode: string | null;
  phone: string | null;
  /** Public logo URL (never a data: URI). */
  logoUrl: string | null;
  /** IANA time zone of the account's calendar (its "today" for the daily jobs); absent means Asia/Kolkata. */
  timeZone?: string;
  plan: PlanCode;
  /** 'Y-m-d H:i:s' UTC or null. */
  subscriptionExpiresAt: string | null;
  /** The store subscription will not renew: Pro ends at `subscriptionExpiresAt` (absent means false). */
  cancelAtPeriodEnd?: boolean;
  suspended: boolean;
  deleted: boolean;
  apiKeyMasked: string | null;
  /** When the current API key was made ('Y-m-d H:i:s' UTC). */
  apiKeyCreatedAt?: string | null;
}
