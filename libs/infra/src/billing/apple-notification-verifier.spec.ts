import { SignedDataVerifier, VerificationException, VerificationStatus } from '@apple/app-store-server-library';
import { StoreUnavailable } from '@app/domain/billing/store-gateway.port';
import { NotConfigured, ValidationFailed } from '@app/domain/shared/domain-error';
import { AppleNotificationVerifier, verificationFailure } from './apple-notification-verifier';

/** A verifier that answers `payload` or throws `status`, counting its calls. */
function fakeVerifier(outcome: { payload?: object; status?: VerificationStatus }) {
  const calls: string[] = [];
  const verifier = {
    verifyAndDecodeNotification: (jws: string) => {
      calls.push(jws);
      return outcome.status === undefined ? Promise.resolve(outcome.payload) : Promise.reject(new VerificationException(outcome.status));
    },
    verifyAndDecodeTransaction: () => Promise.resolve({ originalTransactionId: '1000' }),
  };
  return { verifier: verifier as unknown as SignedDataVerifier, calls };
}

const genuine = { notificationUUID: 'u-1', notificationType: 'DID_RENEW', data: { signedTransactionInfo: 't' } };

describe('App Store notification verification', () => {
  it('answers 400 keyed by signedPayload for a bad signature, an untrusted chain, another app or garbage; 503 only when Apple cannot be asked', () => {
    for (const status of [
      VerificationStatus.VERIFICATION_FAILURE,
      VerificationStatus.INVALID_CHAIN_LENGTH,
      VerificationStatus.INVALID_CERTIFICATE,
      VerificationStatus.INVALID_APP_IDENTIFIER,
      VerificationStatus.INVALID_ENVIRONMENT,
      VerificationStatus.FAILURE,
    ]) {
      const failure = verificationFailure(new VerificationException(status));
      expect([status, failure]).toEqual([status, expect.any(ValidationFailed)]);
      expect(Object.keys(failure.details)).toEqual(['signedPayload']);
    }
    expect(verificationFailure(new Error('boom'))).toBeInstanceOf(ValidationFailed);
    expect(verificationFailure(new VerificationException(VerificationStatus.RETRYABLE_VERIFICATION_FAILURE))).toBeInstanceOf(StoreUnavailable);
  });

  it('verifies the signature before anything else: forged is 400 even with nothing of the app configured', async () => {
    const signatures = fakeVerifier({ status: VerificationStatus.VERIFICATION_FAILURE });
    await expect(new AppleNotificationVerifier(null, signatures.verifier).verify('forged')).rejects.toBeInstanceOf(ValidationFailed);
    expect(signatures.calls).toEqual(['forged']);
  });

  it('a genuine notification is 503 not_configured while the app is not configured, and is read once it is', async () => {
    await expect(new AppleNotificationVerifier(null, fakeVerifier({ payload: genuine }).verifier).verify('jws')).rejects.toBeInstanceOf(NotConfigured);
    const app = fakeVerifier({ payload: genuine });
    const signatures = fakeVerifier({ payload: genuine });
    await expect(new AppleNotificationVerifier(app.verifier, signatures.verifier).verify('jws')).resolves.toEqual({
      store: 'ios',
      externalId: 'u-1',
      type: 'DID_RENEW',
      subtype: null,
      reference: '1000',
    });
    // The configured verifier checks signature, chain and app at once: the signature is not checked twice.
    expect([app.calls, signatures.calls]).toEqual([['jws'], []]);
  });

  it('without any trusted root nothing can be verified: 503 not_configured', async () => {
    await expect(new AppleNotificationVerifier(null, null).verify('jws')).rejects.toBeInstanceOf(NotConfigured);
  });
});
