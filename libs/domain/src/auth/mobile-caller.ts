import { Forbidden } from '../shared/domain-error';
import { Principal } from '../shared/principal';

export interface MobileCaller {
  accountId: number;
  userId: number;
  sessionId: number;
}

/** The user and session of a mobile access token; API keys are refused (the HTTP guard does so first). */
export function mobileCaller(principal: Principal): MobileCaller {
  if (principal.kind !== 'user' || principal.userId === null || principal.sessionId === null) {
    throw new Forbidden('This endpoint needs a mobile access token (sign in with POST /v1/auth/login).');
  }
  return { accountId: principal.accountId, userId: principal.userId, sessionId: principal.sessionId };
}
