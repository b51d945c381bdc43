import { Env, envReader } from './env-reader';

/** The web console under /console (docs/console.md). */
export interface ConsoleConfig {
  /** CONSOLE_ENABLED: off by default; every /console path answers 404 then. */
  enabled: boolean;
  /** CONSOLE_SIGNUP: businesses may sign up on their own (on by default when the console is on). */
  signup: boolean;
  /** The session cookie's Secure flag: on unless PUBLIC_BASE_URL is plain http outside production (CONSOLE_SECURE_COOKIE). */
  secureCookie: boolean;
  /** A signed-in browser left alone this long is signed out (CONSOLE_IDLE_MINUTES). */
  idleSeconds: number;
  /** A console sign-in ends this long after it began, however busy (CONSOLE_SESSION_HOURS). */
  absoluteSeconds: number;
  /** Sign-ups accepted per client address and per email address in one hour (RATE_LIMIT=on). */
  signupsPerIpPerHour: number;
  signupsPerEmailPerHour: number;
}

export function readConsoleConfig(env: Env, publicBaseUrl: string, problems: string[]): ConsoleConfig {
  const { int, bool: flag } = envReader(env, problems);
  const production = (env.NODE_ENV ?? '').trim() === 'production';
  const secureCookie = flag('CONSOLE_SECURE_COOKIE', production || publicBaseUrl.startsWith('https:'));
  if (production && !secureCookie) problems.push('CONSOLE_SECURE_COOKIE=off is for development only: it is refused when NODE_ENV=production');
  return {
    enabled: flag('CONSOLE_ENABLED', false),
    signup: flag('CONSOLE_SIGNUP', true),
    secureCookie,
    idleSeconds: int('CONSOLE_IDLE_MINUTES', 30, 1, 24 * 60) * 60,
    absoluteSeconds: int('CONSOLE_SESSION_HOURS', 12, 1, 7 * 24) * 3600,
    signupsPerIpPerHour: int('CONSOLE_SIGNUPS_PER_IP_PER_HOUR', 10, 1, 1_000_000),
    signupsPerEmailPerHour: int('CONSOLE_SIGNUPS_PER_EMAIL_PER_HOUR', 3, 1, 1_000_000),
  };
}
