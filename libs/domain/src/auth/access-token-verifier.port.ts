import { Account } from '../shared/account';
import { PermissionKey } from '../shared/principal';
import { UserProfile } from '../shared/user-profile';

export interface AccessTokenClaims {
  accountId: number;
  userId: number;
  sessionId: number;
  permissions: PermissionKey[];
  /** The user and its account as read with the session, when the verifier has them (saves a lookup each). */
  user?: UserProfile;
  account?: Account | null;
}

/** Resolves a mobile access token to its user and session; null when unknown, expired or revoked. */
export abstract class AccessTokenVerifier {
  abstract verify(token: string): Promise<AccessTokenClaims | null>;
}
