import type { Account } from '@app/domain/shared/account';
import type { LoginResult } from '@app/domain/auth/login.use-case';
import type { SessionView } from '@app/domain/auth/sessions.service';
import type { IssuedTokens } from '@app/domain/auth/session-tokens';
import type { PermissionKey } from '@app/domain/shared/principal';
import type { UserProfile } from '@app/domain/shared/user-profile';
import { formatTimestamp } from '@app/domain/shared/fiscal-year';

/** The only place plain tokens leave the service: the login and refresh responses. */
export function presentTokens(sessionId: number, tokens: IssuedTokens) {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer',
    expires_at: formatTimestamp(tokens.accessExpiresAt),
    refresh_expires_at: formatTimestamp(tokens.refreshExpiresAt),
    session_id: sessionId,
  };
}

export function presentUser(user: UserProfile, account: Pick<Account, 'businessEmail'>) {
  return { user_id: user.id, account_id: user.accountId, username: user.username, business_email: account.businessEmail };
}

export function presentLogin(result: LoginResult) {
  return {
    ...presentTokens(result.sessionId, result.tokens),
    user: presentUser(result.user, result.account),
    permissions: result.user.permissions,
    business_name: result.account.businessName,
    password_upgrade_required: result.passwordUpgradeRequired,
  };
}

export function presentMe(user: UserProfile, account: Account, permissions: readonly PermissionKey[]) {
  return { ...presentUser(user, account), business_name: account.businessName, permissions };
}

export function presentSession({ session, current }: SessionView) {
  return {
    session_id: session.id,
    device_name: session.deviceName,
    platform: session.platform,
    user_agent: session.userAgent,
    created_at: formatTimestamp(session.createdAt),
    last_used_at: formatTimestamp(session.lastUsedAt),
    expires_at: formatTimestamp(session.refreshExpiresAt),
    current,
  };
}
