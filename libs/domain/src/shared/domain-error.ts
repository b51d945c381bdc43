/**
 * Errors raised by the domain. Each carries one of the contract's error codes; the HTTP adapter maps
 * codes to statuses with a table typed `satisfies Record<ErrorCode, number>`.
 */
export type ErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'forbidden'
  | 'plan_limit_reached'
  | 'account_suspended'
  | 'subscription_expired'
  | 'not_found'
  | 'conflict'
  | 'precondition_failed'
  | 'session_limit'
  | 'payload_too_large'
  | 'signature_required'
  | 'rate_limited'
  | 'server_error'
  | 'not_available'
  | 'not_configured'
  | 'store_unavailable';

export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The base of an error that carries `code` and takes its message and details as raised. */
function withCode<C extends ErrorCode>(code: C) {
  return class extends DomainError {
    readonly code: C = code;
  };
}

export class ValidationFailed extends withCode('validation_error') {
  /** `fields` maps a field name to what is wrong with it. */
  constructor(fields: Record<string, string>, message = 'The request is invalid.') {
    super(message, fields);
  }
  static field(field: string, problem: string): ValidationFailed {
    return new ValidationFailed({ [field]: problem });
  }
}
export class Unauthorized extends withCode('unauthorized') {}
export class Forbidden extends withCode('forbidden') {}
export class NotFound extends withCode('not_found') {
  static of(entity: string, id?: number | string): NotFound {
    return new NotFound(`${entity} not found.`, id === undefined ? {} : { id });
  }
}
/** What a lookup found, or NotFound naming the entity and id when it found nothing. */
export function found<T>(record: T | null | undefined, entity: string, id?: number | string): T {
  if (record === null || record === undefined) throw NotFound.of(entity, id);
  return record;
}
export class Conflict extends withCode('conflict') {}
/** An If-Match that no longer names the record's current version (412). */
export class PreconditionFailed extends withCode('precondition_failed') {}
export class PlanLimitReached extends withCode('plan_limit_reached') {
  constructor(what: string, limit: number, plan: string, used: number) {
    super(`The ${plan} plan allows at most ${limit} ${what}.`, { limit, plan, used, resource: what });
  }
}
export class AccountSuspended extends withCode('account_suspended') {
  constructor() {
    super('This account is suspended.');
  }
}
export class SubscriptionExpired extends withCode('subscription_expired') {
  constructor() {
    super('The Pro subscription of this account has expired.');
  }
}
export class SessionLimit extends withCode('session_limit') {}
export class SignatureRequired extends withCode('signature_required') {}
export class RateLimited extends withCode('rate_limited') {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests; try again later.', { retry_after: retryAfterSeconds });
  }
}
export class NotAvailable extends withCode('not_available') {}
/** A passing shortage (a busy or slow dependency): 503 `not_available` with `Retry-After`. */
export class TemporarilyUnavailable extends withCode('not_available') {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, { retry_after: retryAfterSeconds });
  }
}
export class NotConfigured extends withCode('not_configured') {}
