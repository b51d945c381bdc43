import { DOCUMENT_KINDS, DocumentKind } from '../documents/document-kinds';
import type { StatementPeriod } from '../payments/client-statement';
import { ValidationFailed } from '../shared/domain-error';
import { isValidEmail } from '../shared/email';
import { dateProblem } from '../shared/fiscal-year';
import { SendoutDocumentType, STATEMENT_SENDOUT } from './sendout';

/** The kinds of stored documents a sendout mails (and the template and pick-list endpoints take). */
export const SENDOUT_DOCUMENT_TYPES: readonly DocumentKind[] = DOCUMENT_KINDS;
/** What `POST /v1/sendouts` takes as `document_type`: a document kind, or `statement` (a client's statement). */
export const SENDOUT_TYPES: readonly SendoutDocumentType[] = [...DOCUMENT_KINDS, STATEMENT_SENDOUT];
export const MAX_SUBJECT_LENGTH = 500;
export const MAX_MESSAGE_LENGTH = 10_000;
/** Addresses per cc or bcc list. */
export const MAX_LIST_ADDRESSES = 50;

/** The command of POST /v1/sendouts (shape-checked at the edge by these same rules, checked again here). */
export interface SendoutInput {
  clientId?: unknown;
  documentType?: unknown;
  documentId?: unknown;
  subject?: unknown;
  message?: unknown;
  toEmail?: unknown;
  ccEmails?: unknown;
  bccEmails?: unknown;
  signatureOverride?: unknown;
  /** A statement's period (document_type statement only), as GET /v1/clients/{id}/statement takes it. */
  from?: unknown;
  to?: unknown;
  fyStartYear?: unknown;
}

export interface SendoutRequest {
  clientId: number;
  documentType: SendoutDocumentType;
  /** Null for a statement. */
  documentId: number | null;
  /** The statement's period as asked (resolved against today when queued); null for a document. */
  period: StatementPeriod | null;
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

const isStatement = (input: SendoutInput) => input.documentType === STATEMENT_SENDOUT;
/** A period field: only with a statement. */
const periodField = (rule: (value: unknown) => string | null) => (value: unknown, input: SendoutInput) => {
  if (absent(value)) return null;
  return isStatement(input) ? rule(value) : `is taken only with document_type ${STATEMENT_SENDOUT}`;
};
const FY = 'must be a year such as 2025';

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
 * (reads after the field name). The API's DTO runs the same checks, so both report alike. A statement names no
 * document (`document_id` is refused with it) and may take a period; a document takes no period.
 */
export const SENDOUT_FIELD_RULES: Record<keyof SendoutInput, (value: unknown, input: SendoutInput) => string | null> = {
  clientId: idProblem,
  documentType: (v) => (blank(v) ? 'is required' : (SENDOUT_TYPES as readonly unknown[]).includes(v) ? null : `must be one of ${SENDOUT_TYPES.join(', ')}`),
  documentId: (v, input) => {
    if (!isStatement(input)) return idProblem(v);
    return absent(v) ? null : `is not taken with document_type ${STATEMENT_SENDOUT} (a statement is of the client)`;
  },
  from: periodField((v) => dateProblem(v)),
  to: periodField((v) => dateProblem(v)),
  fyStartYear: periodField((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 2000 && v <= 2098 ? null : FY)),
  subject: requiredText(MAX_SUBJECT_LENGTH),
  message: requiredText(MAX_MESSAGE_LENGTH),
  toEmail: (v) => {
    if (blank(v)) return null;
    if (typeof v !== 'string') return 'must be a string';
    return !v.trim() || isValidEmail(v.trim()) ? null : 'must be a valid email address';
  },
  ccEmails: emailListProblem,
  bccEmails: emailListProblem,
  signatureOverride: (v) => (blank(v) || typeof v === 'string' ? null : 'must be a base64 PNG or a data:image/png;base64 URL'),
};

export function checkSendoutInput(input: SendoutInput): SendoutRequest {
  const problems: Record<string, string> = {};
  for (const [field, rule] of Object.entries(SENDOUT_FIELD_RULES)) {
    const problem = rule(input[field as keyof SendoutInput], input);
    if (problem) problems[field] = problem;
  }
  if (Object.keys(problems).length) throw new ValidationFailed(problems);
  const list = (v: unknown) => (typeof v === 'string' ? parseEmailList(v).emails : []);
  const to = typeof input.toEmail === 'string' ? input.toEmail.trim() : '';
  const override = typeof input.signatureOverride === 'string' && input.signatureOverride !== '' ? input.signatureOverride : null;
  return {
    clientId: input.clientId as number,
    documentType: input.documentType as SendoutDocumentType,
    documentId: isStatement(input) ? null : (input.documentId as number),
    period: isStatement(input)
      ? { from: input.from as string | undefined, to: input.to as string | undefined, fyStartYear: input.fyStartYear as number | undefined }
      : null,
    subject: (input.subject as string).trim().replace(/[\r\n\t]+/g, ' '),
    message: (input.message as string).trim(),
    toEmail: to || null,
    ccEmails: list(input.ccEmails),
    bccEmails: list(input.bccEmails),
    signatureOverride: override,
  };
}
