import { DocumentKind } from '../documents/document-kinds';

/** A sendout of a client's statement of account (its PDF for a period) instead of a stored document. */
export const STATEMENT_SENDOUT = 'statement';
/** What a sendout mails: a stored document of a kind, or a client's statement. */
export type SendoutDocumentType = DocumentKind | typeof STATEMENT_SENDOUT;

/** The period of a statement sendout, resolved when it was queued (Y-m-d). */
export interface SendoutPeriod {
  from: string;
  to: string;
}

/**
 * A sendout is one email of one document's PDF (or of a client's statement), kept as a queue row. Life cycle:
 * queued -> sending -> sent | failed; a transient failure returns it to queued for a retry; DELETE of a
 * queued row makes it cancelled (never sent). Deleted rows leave the history but stay in the table,
 * so a job that still names them finds nothing to send.
 */
export const SENDOUT_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type SendoutStatus = (typeof SENDOUT_STATUSES)[number];

/** A history row (the signature override is never read back for lists). */
export interface Sendout {
  id: number;
  accountId: number;
  clientId: number;
  documentType: SendoutDocumentType;
  /** The document; null for a statement. */
  documentId: number | null;
  /** The statement's period; null for a document. */
  period: SendoutPeriod | null;
  toEmail: string;
  ccEmails: string[];
  bccEmails: string[];
  subject: string;
  message: string;
  status: SendoutStatus;
  attempts: number;
  lastError: string | null;
  /** 'Y-m-d H:i:s' UTC. */
  sentAt: string | null;
  messageId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A row claimed by the worker for one delivery attempt. */
export interface ClaimedSendout extends Sendout {
  /** Base64 PNG sent with the request, or null to use the business signature. */
  signatureOverride: string | null;
}

export type NewSendout = Pick<
  ClaimedSendout,
  'clientId' | 'documentType' | 'documentId' | 'toEmail' | 'ccEmails' | 'bccEmails' | 'subject' | 'message' | 'signatureOverride'
> & { period?: SendoutPeriod | null };

/** What a queue job carries: the row id (also the job's identity) and its account. */
export interface SendoutJob {
  sendoutId: number;
  accountId: number;
}
