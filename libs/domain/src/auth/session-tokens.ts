import { SecretHasher } from '../shared/secret.port';
import { RotatedTokens } from './session';

/**
 * Mobile tokens: 32 random bytes (base64url) behind a short prefix, stored only as SHA-256. The prefixes
 * keep them apart from API keys (`ik_`) and from each other, so a refresh token is never taken for an
 * access token.
 */
export const ACCESS_TOKEN_PREFIX = 'at_';
export const REFRESH_TOKEN_PREFIX = 'rt_';
export const TOKEN_BYTES = 32;

export interface SessionPolicy {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** last_used_at is written at most this often per session. */
  touchIntervalSeconds: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  accessTtlSeconds: 60 * 60,
  refreshTtlSeconds: 30 * 24 * 60 * 60,
  touchIntervalSeconds: 60,
};

/** The plain tokens (shown once) and what is stored of them. */
export interface IssuedTokens extends RotatedTokens {
  accessToken: string;
  refreshToken: string;
}

/** Whole seconds, as DATETIME keeps them, so the expiry sent equals the expiry stored. */
export function atSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

export function issueTokens(secrets: SecretHasher, policy: SessionPolicy, now: Date): IssuedTokens {
  const accessToken = ACCESS_TOKEN_PREFIX + secrets.randomToken(TOKEN_BYTES);
  const refreshToken = REFRESH_TOKEN_PREFIX + secrets.randomToken(TOKEN_BYTES);
  const base = atSecond(now);
  return {
    accessToken,
    refreshToken,
    accessTokenHash: secrets.hash(accessToken),
    refreshTokenHash: secrets.hash(refreshToken),
    accessExpiresAt: addSeconds(base, policy.accessTtlSeconds),
    refreshExpiresAt: addSeconds(base, policy.refreshTtlSeconds),
  };
}

/** A plausible token of the given kind (cheap check before any lookup). */
export function looksLikeToken(token: string, prefix: string): boolean {
  return token.startsWith(prefix) && token.length > prefix.length + 20 && token.length <= prefix.length + 64;
}
