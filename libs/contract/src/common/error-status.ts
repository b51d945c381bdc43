import type { ErrorCode } from '@app/domain/shared/domain-error';

/** The HTTP status of each error code of the contract (SPEC.md, "Errors"). */
export const STATUS = {
  validation_error: 400,
  unauthorized: 401,
  plan_limit_reached: 402,
  forbidden: 403,
  account_suspended: 403,
  subscription_expired: 403,
  not_found: 404,
  conflict: 409,
  session_limit: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  signature_required: 422,
  rate_limited: 429,
  server_error: 500,
  not_available: 503,
  not_configured: 503,
  store_unavailable: 503,
} satisfies Record<ErrorCode, number>;
