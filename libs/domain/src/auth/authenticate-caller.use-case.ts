import { Account } from '../shared/account';
import { AccountRepository } from '../accounts/account.repository.port';
import { AccountSuspended, Unauthorized } from '../shared/domain-error';
import { Caller } from '../shared/caller';
import { apiKeyPrincipal, Principal } from '../shared/principal';
import { SecretHasher } from '../shared/secret.port';
import { UserProfile } from '../shared/user-profile';
import { AccessTokenVerifier } from './access-token-verifier.port';

export const API_KEY_PREFIX = 'ik_';

/** Turns a presented credential (API key or mobile access token) into the calling principal. */
export class AuthenticateCaller {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly secrets: SecretHasher,
    private readonly accessTokens: AccessTokenVerifier,
  ) {}

  async execute(credential: string | null): Promise<Caller> {
    if (!credential) throw new Unauthorized('An API key or access token is required.');
    let principal: Principal;
    let account: Account | null;
    let user: UserProfile | undefined;
    if (credential.startsWith(API_KEY_PREFIX)) {
      account = await this.accounts.findByApiKeyHash(this.secrets.hash(credential));
      if (!account) throw new Unauthorized('The API key is not valid.');
      principal = apiKeyPrincipal(account.id);
    } else {
      const claims = await this.accessTokens.verify(credential);
      if (!claims) throw new Unauthorized('The access token is not valid or has expired.');
      // The verifier may have read the account with the session, in the same statement.
      account = claims.account !== undefined ? claims.account : await this.accounts.findById(claims.accountId);
      user = claims.user;
      if (!account) throw new Unauthorized('The access token is not valid or has expired.');
      principal = {
        accountId: claims.accountId,
        kind: 'user',
        userId: claims.userId,
        sessionId: claims.sessionId,
        permissions: claims.permissions,
      };
    }
    if (account.deleted) throw new Unauthorized('This account has been deleted.');
    if (account.suspended) throw new AccountSuspended();
    return user ? { principal, account, user } : { principal, account };
  }
}
