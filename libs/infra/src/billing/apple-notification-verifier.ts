import { SignedDataVerifier, VerificationException, VerificationStatus } from '@apple/app-store-server-library';
import { AppStoreNotificationVerifier } from '@app/domain/billing/notification-verifiers.port';
import { IncomingStoreNotification } from '@app/domain/billing/store-notification';
import { StoreUnavailable, storeNotConfigured } from '@app/domain/billing/store-gateway.port';
import { DomainError, ValidationFailed } from '@app/domain/shared/domain-error';

const invalid = (problem: string) => ValidationFailed.field('signedPayload', problem);

/** What a failed verification answers: 400 keyed by `signedPayload` saying why, or 503 when Apple could not be asked. */
export function verificationFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const status = error instanceof VerificationException ? error.status : VerificationStatus.FAILURE;
  switch (status) {
    case VerificationStatus.RETRYABLE_VERIFICATION_FAILURE:
      return new StoreUnavailable('ios', 'the revocation check of the signing certificates could not reach Apple');
    case VerificationStatus.INVALID_APP_IDENTIFIER:
      return invalid('is signed by the App Store for another app');
    case VerificationStatus.INVALID_ENVIRONMENT:
      return invalid('is signed by the App Store for another environment (Sandbox or Production)');
    case VerificationStatus.VERIFICATION_FAILURE:
    case VerificationStatus.INVALID_CHAIN_LENGTH:
    case VerificationStatus.INVALID_CERTIFICATE:
      return invalid("does not verify: its signature or certificate chain does not lead to Apple's root");
    default:
      return invalid('is not an App Store signed notification (JWS)');
  }
}

/**
 * App Store Server Notifications V2 through the library's SignedDataVerifier. The signature and chain are
 * verified first, always (Apple's roots are public, see certs/apple): a forged or untrusted payload is 400
 * whatever the configuration. Only a payload that verifies while the app's bundle id is not configured (or
 * while no root is trusted at all) is 503 not_configured.
 */
export class AppleNotificationVerifier extends AppStoreNotificationVerifier {
  /**
   * @param app the configured verifier (signature, chain, bundle id, environment); null without a bundle id
   * @param signatures the signature-and-chain verifier; null when no root is trusted
   */
  constructor(
    private readonly app: SignedDataVerifier | null,
    private readonly signatures: SignedDataVerifier | null,
  ) {
    super();
  }

  async verify(signedPayload: string): Promise<IncomingStoreNotification> {
    const verifier = this.app ?? this.signatures;
    if (!verifier) throw storeNotConfigured('ios');
    try {
      const payload = await verifier.verifyAndDecodeNotification(signedPayload);
      if (!payload.notificationUUID) throw invalid('has no notificationUUID');
      // Genuine, but which app it is for cannot be told yet: Apple retries until it is configured.
      if (!this.app) throw storeNotConfigured('ios');
      const signedTransaction = payload.data?.signedTransactionInfo;
      const transaction = signedTransaction ? await this.app.verifyAndDecodeTransaction(signedTransaction) : null;
      return {
        store: 'ios',
        externalId: payload.notificationUUID,
        type: String(payload.notificationType ?? 'UNKNOWN'),
        subtype: payload.subtype ? String(payload.subtype) : null,
        reference: transaction?.originalTransactionId ?? null,
      };
    } catch (error) {
      throw verificationFailure(error);
    }
  }
}
