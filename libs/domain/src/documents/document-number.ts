import { DocumentKind, perKind } from './document-kinds';
import { ValidationFailed } from '../shared/domain-error';
import { fiscalYearLabel } from '../shared/fiscal-year';

/**
 * Document numbers `PREFIX/YY-YY/NNNN` (CGST rules 46(b) and 53(1A)): at most 16 characters, only
 * A-Z, 0-9, '/' and '-'. We also hold them to the stricter e-invoice pattern
 * `^[A-Z1-9][A-Z0-9/-]{0,15}$`, so a valid number is valid for both.
 */
export const DEFAULT_PREFIXES: Record<DocumentKind, string> = perKind((k) => k.defaultPrefix);

export const MAX_DOCUMENT_NUMBER_LENGTH = 16;
/** '/YY-YY/NNNN' takes 11 characters, so a prefix may have at most 5 (16 - 11). */
export const MAX_PREFIX_LENGTH = 5;

const E_INVOICE_NUMBER = /^[A-Z1-9][A-Z0-9/-]{0,15}$/;
const PREFIX = /^[A-Z][A-Z0-9-]*$/;

/** Whether a document number fits the e-invoice portal's pattern (`DocDtls.No` of IRP schema 1.1). */
export function isEinvoiceNumber(number: string): boolean {
  return E_INVOICE_NUMBER.test(number);
}

/** The least digits of a number's sequence part (zero-padded up to them, growing past them). */
export const SEQUENCE_DIGITS = 4;

/** What comes before the sequence in a number: 'INV/25-26/' for ('INV', 2025). */
export function documentNumberStem(prefix: string, fyStartYear: number): string {
  return `${prefix}/${fiscalYearLabel(fyStartYear)}/`;
}

/**
 * 'INV/25-26/0042' for ('INV', 2025, 42). The sequence is zero-padded to 4 digits and grows past them.
 * Throws ValidationFailed({ prefix }) when the number would be longer than 16 characters or break the
 * character rules; a RangeError for a sequence or year that is not a positive integer.
 */
export function formatDocumentNumber(prefix: string, fyStartYear: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a document sequence: ${sequence}.`);
  const number = `${documentNumberStem(prefix, fyStartYear)}${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
  if (number.length > MAX_DOCUMENT_NUMBER_LENGTH) {
    throw new ValidationFailed({
      prefix: `makes the document number ${number} longer than ${MAX_DOCUMENT_NUMBER_LENGTH} characters`,
    });
  }
  if (!E_INVOICE_NUMBER.test(number)) {
    throw new ValidationFailed({
      prefix: 'must start with a letter and contain only uppercase letters, digits and hyphens',
    });
  }
  return number;
}

/**
 * Null when `prefix` is usable, else what is wrong with it (reads after the field name): 1 to 5
 * characters, uppercase letters, digits and '-', starting with a letter.
 */
export function validatePrefix(prefix: string): string | null {
  if (typeof prefix !== 'string' || prefix.length === 0) return 'is required';
  if (prefix.length > MAX_PREFIX_LENGTH) return `must be at most ${MAX_PREFIX_LENGTH} characters`;
  if (!PREFIX.test(prefix)) return 'must start with a letter and contain only uppercase letters, digits and hyphens';
  if (prefix === 'DRAFT') return 'is reserved for the provisional numbers of drafts';
  return null;
}
