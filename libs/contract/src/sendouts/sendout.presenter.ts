import { Sendout } from '@app/domain/sendouts/sendout';

/** A queue row of the history (the signature override is never returned; a statement's period, null for documents). */
export function presentSendout(s: Sendout) {
  return {
    queue_id: s.id,
    client_id: s.clientId,
    document_type: s.documentType,
    document_id: s.documentId,
    period_from: s.period?.from ?? null,
    period_to: s.period?.to ?? null,
    to_email: s.toEmail,
    cc_emails: s.ccEmails.length ? s.ccEmails.join(', ') : null,
    bcc_emails: s.bccEmails.length ? s.bccEmails.join(', ') : null,
    subject: s.subject,
    message: s.message,
    status: s.status,
    attempts: s.attempts,
    last_error: s.lastError,
    sent_at: s.sentAt,
    message_id: s.messageId,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}
