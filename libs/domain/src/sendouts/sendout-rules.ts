import { DOCUMENT_KINDS, DocumentKind } from '../documents/document-kinds';
import { ValidationFailed } from '../shared/domain-error';
import { isValidEmail } from '../shared/email';

export const SENDOUT_DOCUMENT_TYPES: readonly DocumentKind[] = DOCUMENT_KINDS;
export const MAX_SUBJECT_LENGTH = 500;
export const MAX_MESSAGE_LENGTH = 10_000;
/** Addresses per cc or bcc list. */
export const MAX_LIST_ADDRESSES = 50;

/** The POST body as the API hands it over (already shape-checked at the edge, checked again here). */
export interface SendoutInput {
  client_id?: unknown;
  document_type?: unknown;
  document_id?: unknown;
  subject?: unknown;
  message?: unknown;
  to_email?: unknown;
  cc_emails?: unknown;
  bcc_emails?: unknown;
  signature_override?: unknown;
}

export interface SendoutRequest {
  clientId: number;
  documentType: DocumentKind;
  documentId: number;
  subject: string;
  message: string;
  /** Null: send to the client's email. */
  toEmail: string | null;
  ccEmails: string[];
  bccEmails: string[];
  /** The raw override as sent (checked against the PNG rules later), or null. */
  signatureOverride: string | null;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 2147483647;
const absent = (v: unknown) => v === undefined || v === null;
const blank = (v: unknown) => absent(v) || v === '';

export function isSendoutDocumentType(value: unknown): value is DocumentKind {
  return typeof value === 'string' && (SENDOUT_DOCUMENT_TYPES as readonly string[]).includes(value);
}

/**
 * Splits a comma-separated address list. Blank entries (`a@x.in, ,b@y.in,`) are skipped, duplicates
 * (case-insensitive) kept once. Returns the addresses and the entries that are not addresses.
 */
export function parseEmailList(value: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const part of value.split(',')) {
    const address = part.trim();
    if (!address) continue;
    if (!isValidEmail(address)) {
      invalid.push(address);
      continue;
    }
    const key = address.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      emails.push(address);
    }
  }
  return { emails, invalid };
}

function emailListProblem(value: unknown): string | null {
  if (absent(value)) return null;
  if (typeof value !== 'string') return 'must be a comma-separated string of email addresses';
  const { emails, invalid } = parseEmailList(value);
  if (invalid.length) return `contains invalid email addresses: ${invalid.slice(0, 5).join(', ')}`;
  if (emails.length > MAX_LIST_ADDRESSES) return `must list at most ${MAX_LIST_ADDRESSES} addresses`;
  return null;
}

function idProblem(value: unknown): string | null {
  if (absent(value)) return 'is required';
  return isId(value) ? null : 'must be a positive integer';
}

function requiredText(max: number) {
  return (value: unknown): string | null => {
    if (absent(value)) return 'is required';
    if (typeof value !== 'string') return 'must be a string';
    const trimmed = value.trim();
    if (!trimmed) return 'is required';
    return trimmed.length > max ? `must be at most ${max} characters` : null;
  };
}

/**
 * One check per field of POST /v1/sendouts: null when the value is acceptable, else what is wrong
 * (reads after the field name). The API's DTO runs the same checks, so both report alike.
 */
export const SENDOUT_FIELD_RULES: Record<keyof SendoutInput, (value: unknown) => string | null> = {
  client_id: idProblem,
  document_type: (v) => (blank(v) ? 'is required' : isSendoutDocumentType(v) ? null : `must be one of ${SENDOUT_DOCUMENT_TYPES.join(', ')}`),
  document_id: idProblem,
  subject: requiredText(MAX_SUBJECT_LENGTH),
  message: requiredText(MAX_MESSAGE_LENGTH),
  to_email: (v) => {
    if (blank(v)) return null;
    if (typeof v !== 'string') return 'must be a string';
    return !v.trim() || isValidEmail(v.trim()) ? null : 'must be a valid email address';
  },
  cc_emails: emailListProblem,
  bcc_emails: emailListProblem,
  signature_override: (v) => (blank(v) || typeof v === 'string' ? null : 'must be a base64 PNG or a data:image/png;base64 URL'),
};

export function checkSendoutInput(input: SendoutInput): SendoutRequest {
  const problems: Record<string, string> = {};
  for (const [field, rule] of Object.entries(SENDOUT_FIELD_RULES)) {
    const problem = rule(input[field as keyof SendoutInput]);
    if (problem) problems[field] = problem;
  }
  if (Object.keys(problems).length) throw new ValidationFailed(problems);
  const list = (v: unknown) => (typeof v === 'string' ? parseEmailList(v).emails : []);
  const to = typeof input.to_email === 'string' ? input.to_email.trim() : '';
  const override = typeof input.signature_override === 'string' && input.signature_override !== '' ? input.signature_override : null;
  return {
    clientId: input.client_id as number,
    documentType: input.document_type as DocumentKind,
    documentId: input.document_id as number,
    subject: (input.subject as string).trim().replace(/[\r\n\t]+/g, ' '),
    message: (input.message as string).trim(),
    toEmail: to || null,
    ccEmails: list(input.cc_emails),
    bccEmails: list(input.bcc_emails),
    signatureOverride: override,
  };
}
