import { NewAccount } from './account';
import { Account, PlanCode } from '../shared/account';

/** Business profile fields an account edits itself (settings/business). */
export type AccountProfile = Pick<
  Account,
  'businessName' | 'businessEmail' | 'currency' | 'gstin' | 'pan' | 'address' | 'stateCode' | 'phone' | 'logoUrl' | 'timeZone'
>;

export interface ApiKeyRecord {
  hash: string;
  masked: string;
}

export abstract class AccountRepository {
  abstract findById(accountId: number): Promise<Account | null>;
  abstract findByApiKeyHash(hash: string): Promise<Account | null>;
  abstract create(account: NewAccount, apiKey: ApiKeyRecord): Promise<number>;
  abstract setApiKey(accountId: number, apiKey: ApiKeyRecord): Promise<void>;
  abstract updateProfile(accountId: number, profile: AccountProfile): Promise<void>;
  abstract setSuspended(accountId: number, suspended: boolean): Promise<void>;
  abstract setPlan(accountId: number, plan: PlanCode, expiresAt: string | null): Promise<void>;
  /** Accounts other than `exceptAccountId` whose GSTIN or business email is in the given sets. */
  abstract findByGstinsOrEmails(
    exceptAccountId: number,
    gstins: string[],
    emails: string[],
  ): Promise<Array<Pick<Account, 'id' | 'gstin' | 'businessEmail' | 'logoUrl' | 'plan' | 'subscriptionExpiresAt' | 'suspended' | 'deleted'>>>;
}
