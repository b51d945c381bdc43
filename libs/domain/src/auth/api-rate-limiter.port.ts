/** What one request took from the account's budget; `limit`, `remaining` and `resetSeconds` when a limit applies. */
export interface RateBudget {
  allowed: boolean;
  retryAfterSeconds: number;
  /** The burst size: requests the account may make at once. */
  limit?: number;
  /** Whole requests left after this one. */
  remaining?: number;
  /** Seconds until the budget is full again. */
  resetSeconds?: number;
}

/** Per-account request budget for API calls (docs/decisions.md, "HTTP and API conventions": 100 per second with bursts of 200). */
export abstract class ApiRateLimiter {
  /** Takes one request from the account's budget; `retryAfterSeconds` when none is left. */
  abstract consume(accountId: number): Promise<RateBudget>;
}

/** Used when rate limiting is switched off. */
export class UnlimitedApiRate extends ApiRateLimiter {
  consume(): Promise<RateBudget> {
    return Promise.resolve({ allowed: true, retryAfterSeconds: 0 });
  }
}
