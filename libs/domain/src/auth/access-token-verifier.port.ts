import { PermissionKey } from '../shared/principal';

export interface AccessTokenClaims {
  accountId: number;
  userId: number;
  sessionId: number;
  permissions: PermissionKey[];
}

/** Resolves a mobile access token to its user and session; null when unknown, expired or revoked. */
export abstract class AccessTokenVerifier {
  abstract verify(token: string): Promise<AccessTokenClaims | null>;
}
