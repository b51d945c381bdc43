import { ValidationFailed } from '@app/domain/shared/domain-error';

/** A boolean query flag: `1`/`true` or `0`/`false`; absent means false. */
export function queryFlag(name: string, value: unknown): boolean {
  if (value === undefined || value === '') return false;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw ValidationFailed.field(name, 'must be 1, true, 0 or false');
}
