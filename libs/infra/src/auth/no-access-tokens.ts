import { AccessTokenVerifier, AccessTokenClaims } from '@app/domain/auth/access-token-verifier.port';

/** Used until mobile sign-in is configured: no access token is valid. */
export class NoAccessTokens extends AccessTokenVerifier {
  async verify(): Promise<AccessTokenClaims | null> {
    return null;
  }
}
