/** Who is trying to sign in: the username as typed and the client's address (null when not known). */
export interface LoginAttempt {
  username: string;
  ip: string | null;
}

/**
 * Counts failed sign-ins per username and per address in a window. `assertAllowed` throws RateLimited
 * (with the seconds until the window ends) once either count has reached its maximum. It fails closed:
 * when the counters cannot be read, `assertAllowed` throws, and when a failure cannot be counted,
 * `recordFailure` throws, a TemporarilyUnavailable (503 with `Retry-After`), so no attempt goes uncounted.
 */
export abstract class LoginThrottle {
  abstract assertAllowed(attempt: LoginAttempt): Promise<void>;
  abstract recordFailure(attempt: LoginAttempt): Promise<void>;
  /** A correct password clears the username's count (not the address's). */
  abstract recordSuccess(attempt: LoginAttempt): Promise<void>;
}

/** Used when RATE_LIMIT=off: nothing is counted. */
export class UnlimitedLoginThrottle extends LoginThrottle {
  async assertAllowed(): Promise<void> {}
  async recordFailure(): Promise<void> {}
  async recordSuccess(): Promise<void> {}
}
