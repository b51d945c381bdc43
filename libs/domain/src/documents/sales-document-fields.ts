import { Client } from '../clients/client';
import { ClientRepository } from '../clients/client.repository.port';
import { isSupportedCurrency } from '../shared/currency';
import { NotFound, ValidationFailed } from '../shared/domain-error';
import { dateProblem } from '../shared/fiscal-year';

/** Collects validation problems keyed by field and throws them together. */
export class FieldErrors {
  private readonly problems: Record<string, string> = {};

  add(field: string, problem: string): void {
    if (!(field in this.problems)) this.problems[field] = problem;
  }

  has(field?: string): boolean {
    return field === undefined ? Object.keys(this.problems).length > 0 : field in this.problems;
  }

  throwIfAny(): void {
    if (this.has()) throw new ValidationFailed({ ...this.problems });
  }
}

/** The sent value when the key was sent (even null), else the stored one: PATCH is a merge. */
export function merged<I extends object, K extends keyof I, T>(input: I, key: K, stored: T): I[K] | T {
  return input[key] !== undefined ? input[key] : stored;
}

/** A trimmed optional string; empty means none. */
export function optionalText(value: unknown, field: string, errors: FieldErrors, maxLength: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    errors.add(field, 'must be a string');
    return null;
  }
  const text = value.trim();
  if (text.length > maxLength) errors.add(field, `must be at most ${maxLength} characters`);
  return text === '' ? null : text;
}

/** The free-text terms every sales document with product lines carries. */
export interface DocumentTexts {
  lutNumber: string | null;
  declarationText: string | null;
  transportDetails: string | null;
  lrNumber: string | null;
}

/** Reads an input field, or on PATCH the stored value when the field was not sent (see `merged`). */
export type DocumentTextReader = (key: 'lutNumber' | 'declarationText' | 'transportDetails' | 'lrNumber', stored: string | null | undefined) => unknown;

/** lutNumber, declarationText, transportDetails and lrNumber, checked in that order. */
export function documentTexts(read: DocumentTextReader, current: DocumentTexts | undefined, errors: FieldErrors): DocumentTexts {
  return {
    lutNumber: optionalText(read('lutNumber', current?.lutNumber), 'lutNumber', errors, 50),
    declarationText: optionalText(read('declarationText', current?.declarationText), 'declarationText', errors, 65535),
    transportDetails: optionalText(read('transportDetails', current?.transportDetails), 'transportDetails', errors, 500),
    lrNumber: optionalText(read('lrNumber', current?.lrNumber), 'lrNumber', errors, 50),
  };
}

/** A required Y-m-d date (2000 to 2099). */
export function requiredDate(value: unknown, field: string, errors: FieldErrors): string {
  if (value === undefined || value === null || value === '') {
    errors.add(field, 'is required');
    return '';
  }
  const problem = dateProblem(value);
  if (problem) {
    errors.add(field, problem);
    return '';
  }
  return value as string;
}

/** An optional Y-m-d date (2000 to 2099; null when absent). */
export function optionalDate(value: unknown, field: string, errors: FieldErrors): string | null {
  if (value === undefined || value === null || value === '') return null;
  const problem = dateProblem(value);
  if (problem) {
    errors.add(field, problem);
    return null;
  }
  return value as string;
}

/** `value` when it is one of `allowed`, else `fallback` when absent; a problem for anything else. */
export function enumValue<T extends string>(value: unknown, allowed: readonly T[], field: string, errors: FieldErrors, fallback: T): T {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  errors.add(field, `must be one of ${allowed.join(', ')}`);
  return fallback;
}

/** An ISO 4217 code the service supports (upper-cased); absent means `fallback` (the account's). */
export function currencyValue(value: unknown, errors: FieldErrors, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!isSupportedCurrency(code)) {
    errors.add('currency', 'is not a supported currency (see the OpenAPI contract for the list)');
    return fallback;
  }
  return code;
}

/** A required positive integer id. */
export function requiredId(value: unknown, field: string, errors: FieldErrors): number {
  if (value === undefined || value === null) {
    errors.add(field, 'is required');
    return 0;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2147483647) {
    errors.add(field, 'must be a positive integer');
    return 0;
  }
  return value;
}

/** The client of a document: it must belong to the account (another account's id is simply not found). */
export async function requireClient(clients: ClientRepository, accountId: number, clientId: number): Promise<Client> {
  const client = await clients.findById(accountId, clientId);
  if (!client) throw new NotFound('Client not found.', { client_id: clientId });
  return client;
}
