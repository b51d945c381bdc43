import { IncomingStoreNotification } from './store-notification';

/** Verifies an App Store Server Notification V2 `signedPayload` (signature, chain to Apple's root, bundle id). */
export abstract class AppStoreNotificationVerifier {
  abstract configured(): boolean;
  /** Throws ValidationFailed keyed by `signedPayload` when it does not verify. */
  abstract verify(signedPayload: string): Promise<IncomingStoreNotification>;
}

/** Verifies the OIDC bearer token of a Pub/Sub push (issuer, audience, service-account email). */
export abstract class PushTokenVerifier {
  /** A token is required (PLAY_PUSH_AUDIENCE is configured). */
  abstract required(): boolean;
  /** Throws Unauthorized when the token is missing or bad. */
  abstract verify(bearerToken: string | null): Promise<void>;
}
