import { SignedDataVerifier } from '@apple/app-store-server-library';
import { AppStoreNotificationVerifier } from '@app/domain/billing/notification-verifiers.port';
import { IncomingStoreNotification } from '@app/domain/billing/store-notification';
import { ValidationFailed } from '@app/domain/shared/domain-error';

const INVALID = () => ValidationFailed.field('signedPayload', 'is not a valid App Store signed payload for this app');

/** App Store Server Notifications V2 through the library's SignedDataVerifier. */
export class AppleNotificationVerifier extends AppStoreNotificationVerifier {
  constructor(private readonly verifier: SignedDataVerifier | null) {
    super();
  }

  configured(): boolean {
    return this.verifier !== null;
  }

  async verify(signedPayload: string): Promise<IncomingStoreNotification> {
    const verifier = this.verifier!;
    try {
      const payload = await verifier.verifyAndDecodeNotification(signedPayload);
      if (!payload.notificationUUID) throw INVALID();
      const signedTransaction = payload.data?.signedTransactionInfo;
      const transaction = signedTransaction ? await verifier.verifyAndDecodeTransaction(signedTransaction) : null;
      return {
        store: 'ios',
        externalId: payload.notificationUUID,
        type: String(payload.notificationType ?? 'UNKNOWN'),
        subtype: payload.subtype ? String(payload.subtype) : null,
        reference: transaction?.originalTransactionId ?? null,
      };
    } catch {
      throw INVALID();
    }
  }
}
