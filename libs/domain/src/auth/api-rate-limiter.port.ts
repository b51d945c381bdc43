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

/**
 * Per-account budgets for API calls (docs/decisions.md, "HTTP and API conventions"): requests (100 per second with
 * bursts of 200) and the time the service spends answering them (a second of request time per second, ten saved up),
 * so that an account whose calls are each heavy (a month's return of a million-invoice account, PDFs one after
 * another) cannot take the machine from the accounts beside it.
 */
export abstract class ApiRateLimiter {
  /**
   * Takes one request from the account's budget; not allowed, with `retryAfterSeconds`, when no request is left or
   * when the account's request time is spent (until enough of it has come back).
   */
  abstract consume(accountId: number): Promise<RateBudget>;

  /** Charges `milliseconds` of request time (an answered request's duration) to the account. */
  abstract spend(accountId: number, milliseconds: number): void;
}

/** Used when rate limiting is switched off. */
export class UnlimitedApiRate extends ApiRateLimiter {
  consume(): Promise<RateBudget> {
    return Promise.resolve({ allowed: true, retryAfterSeconds: 0 });
  }

  spend(): void {}
}
