/** Per-account request budget for API calls (docs/decisions.md, "HTTP and API conventions": 100 per second with bursts of 200). */
export abstract class ApiRateLimiter {
  /** Takes one request from the account's budget; `retryAfterSeconds` when none is left. */
  abstract consume(accountId: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

/** Used when rate limiting is switched off. */
export class UnlimitedApiRate extends ApiRateLimiter {
  consume(): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    return Promise.resolve({ allowed: true, retryAfterSeconds: 0 });
  }
}
