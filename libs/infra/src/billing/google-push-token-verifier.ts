import { OAuth2Client } from 'google-auth-library';
import { PushTokenVerifier } from '@app/domain/billing/notification-verifiers.port';
import { Unauthorized } from '@app/domain/shared/domain-error';
import type { StoreConfig } from '../config/store-config';

/**
 * The OIDC token Pub/Sub sends with a push, checked with google-auth-library: signature against Google's
 * certificates (GOOGLE_OIDC_CERTS_URL in tests), issuer accounts.google.com, audience PLAY_PUSH_AUDIENCE,
 * and the email of the push subscription's service account (PLAY_PUSH_SERVICE_ACCOUNT) when configured.
 */
export class GooglePushTokenVerifier extends PushTokenVerifier {
  private readonly client: OAuth2Client;

  constructor(private readonly play: StoreConfig['play']) {
    super();
    // Node's own fetch rather than a dynamically imported node-fetch (one HTTP stack, and test runners load it).
    this.client = new OAuth2Client({
      transporterOptions: { fetchImplementation: fetch },
      ...(play.oidcCertsUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: play.oidcCertsUrl } } : {}),
    });
  }

  required(): boolean {
    return this.play.pushAudience !== null;
  }

  async verify(bearerToken: string | null): Promise<void> {
    if (!bearerToken) throw new Unauthorized('The push has no bearer token.');
    let email: string | undefined;
    let verified: boolean | undefined;
    try {
      const ticket = await this.client.verifyIdToken({ idToken: bearerToken, audience: this.play.pushAudience! });
      const payload = ticket.getPayload();
      email = payload?.email;
      verified = payload?.email_verified;
    } catch {
      throw new Unauthorized('The push token is not valid.');
    }
    if (this.play.pushServiceAccount && (email !== this.play.pushServiceAccount || verified !== true)) {
      throw new Unauthorized('The push token was not issued to the expected service account.');
    }
  }
}
