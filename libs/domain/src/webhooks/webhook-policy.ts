/**
 * Delay before each retry after a failed attempt (the Standard Webhooks schedule): 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h; about 27.5 hours from the first attempt to the last. After the last the delivery
 * is failed.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** An endpoint whose deliveries have failed without a success for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;
/** How long the previous secret keeps signing after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of the receiver's answer kept with the delivery. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 1024;

/** When to try again after `attempts` failed attempts, or null when that was the last. */
export function nextAttemptAt(attempts: number, failedAt: Date): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}

export function isSuccessStatus(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}
