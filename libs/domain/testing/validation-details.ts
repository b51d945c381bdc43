import { ValidationFailed } from '../src/shared/domain-error';

/**
 * The field-keyed `details` of the `ValidationFailed` that `work` throws; `{}` when it throws nothing.
 * Any other error is rethrown, so a test never mistakes a crash for a validation answer.
 */
export function validationDetails(work: () => unknown): Record<string, unknown> {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationFailed) return error.details;
    throw error;
  }
  return {};
}

/** Like `validationDetails`, but fails the test when `work` does not throw a validation error. */
export function expectValidationDetails(work: () => unknown): Record<string, unknown> {
  const details = validationDetails(work);
  if (Object.keys(details).length === 0) throw new Error('expected a validation error with field details');
  return details;
}
