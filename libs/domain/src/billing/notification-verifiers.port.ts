import { IncomingStoreNotification } from './store-notification';

/**
 * Verifies an App Store Server Notification V2 `signedPayload`: its signature and certificate chain up to
 * Apple's root first (the roots are public: this needs no credentials), then that it is for this app
 * (bundle id, app Apple id, environment).
 */
export abstract class AppStoreNotificationVerifier {
  /**
   * Throws ValidationFailed keyed by `signedPayload` when the payload is malformed, its signature or chain
   * does not verify, or it is for another app or environment; NotConfigured only for a payload whose
   * signature and chain verify while the app's identity (or any trusted root) is not configured; and
   * StoreUnavailable when the revocation check of the chain cannot reach Apple.
   */
  abstract verify(signedPayload: string): Promise<IncomingStoreNotification>;
}

/** Verifies the OIDC bearer token of a Pub/Sub push (issuer, audience, service-account email). */
export abstract class PushTokenVerifier {
  /** A token is required (PLAY_PUSH_AUDIENCE is configured). */
  abstract required(): boolean;
  /** Throws Unauthorized when the token is missing or bad. */
  abstract verify(bearerToken: string | null): Promise<void>;
}
