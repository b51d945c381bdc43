import { Account } from '../shared/account';
import { base64Decode } from '../settings/signature';
import { ClaimedSendout } from './sendout';
import { OutgoingMail } from './mailer.port';

export const SIGNATURE_CID = 'signature@invoicing';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The message as HTML: blank lines separate paragraphs, single line breaks stay; everything escaped. */
export function messageHtml(message: string, businessName: string | null): string {
  const paragraphs = message
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
  const signer = businessName ? `<p>${escapeHtml(businessName)}</p>` : '';
  return [
    '<!doctype html><html><body style="font-family: Arial, Helvetica, sans-serif; font-size: 14px; color: #222;">',
    paragraphs,
    `<p><img src="cid:${SIGNATURE_CID}" alt="Signature" style="max-height: 80px; max-width: 240px;"></p>`,
    signer,
    '</body></html>',
  ].join('\n');
}

/** One email: the message as text and HTML, the PDF attached, the signature inline in the HTML. */
export function composeSendoutMail(
  row: ClaimedSendout,
  account: Pick<Account, 'businessName' | 'businessEmail'>,
  pdf: { filename: string; bytes: Uint8Array },
  signaturePng: string,
  from: string,
): OutgoingMail {
  const signature = base64Decode(signaturePng);
  if (!signature) throw new Error('The signature is not valid base64.');
  return {
    from,
    replyTo: account.businessEmail,
    to: [row.toEmail],
    cc: row.ccEmails,
    bcc: row.bccEmails,
    subject: row.subject,
    text: account.businessName ? `${row.message}\n\n-- \n${account.businessName}` : row.message,
    html: messageHtml(row.message, account.businessName),
    attachments: [
      { filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes },
      { filename: 'signature.png', contentType: 'image/png', content: signature, cid: SIGNATURE_CID },
    ],
  };
}
