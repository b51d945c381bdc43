export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
  /** Content-ID for an inline part referenced from the HTML as `cid:<cid>`. */
  cid?: string;
}

export interface OutgoingMail {
  from: string;
  replyTo?: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

/**
 * Sends one email; resolves with the message id. Throws PermanentMailError when the server refused the
 * message for good (SMTP 5xx): retrying cannot help. Any other error is taken as transient.
 */
export abstract class Mailer {
  abstract send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

export class PermanentMailError extends Error {
  constructor(
    message: string,
    readonly responseCode: number | null = null,
  ) {
    super(message);
    this.name = 'PermanentMailError';
  }
}
