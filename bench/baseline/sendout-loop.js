'use strict';
/**
 * Baseline for the sendout worker's drain: a bare render-and-nodemailer loop over the same kind of queued rows,
 * to the same SMTP sink. SENDOUT_CONCURRENCY loops (as the worker's BullMQ concurrency) each take the next row
 * id and: claim it (the worker's UPDATE ... status = 'sending' and the SELECT of the claimed row), load the
 * document and build its HTML with the compiled code in dist/ (document-html.js), print it on the next free of
 * PDF_CONCURRENCY pages of one Chromium, send one email (the message as text and HTML, the PDF attached, the
 * signature inline) over a pooled nodemailer SMTP transport with the worker's connection count, and mark the
 * row sent. No queue, no activity event, no retry bookkeeping: less work than the worker does.
 *
 * Run by bench/sendout-bench.js as a child process with DATABASE_URL, SMTP_URL, ACCOUNT_ID, IDS
 * (comma-separated sendout ids), SENDOUT_CONCURRENCY and PDF_CONCURRENCY; prints one JSON line { seconds, sent }.
 */
const crypto = require('node:crypto');
const nodemailer = require('nodemailer');
const { baselinePool } = require('./pool');
const { documentHtmlOn, launchPages } = require('./document-html');

const accountId = Number(process.env.ACCOUNT_ID);
const ids = String(process.env.IDS || '')
  .split(',')
  .filter(Boolean)
  .map(Number);
const loops = Math.max(1, Number(process.env.SENDOUT_CONCURRENCY || 4));
const pages = Math.max(1, Number(process.env.PDF_CONCURRENCY || 2));
const sqlNow = () => new Date().toISOString().slice(0, 23).replace('T', ' ');
const list = (value) => (value ? value.split(',').filter(Boolean) : []);

async function main() {
  const pool = baselinePool(Math.max(4, loops));
  const chromium = await launchPages(pages);
  const transport = nodemailer.createTransport({ url: process.env.SMTP_URL, pool: true, maxConnections: Math.min(loops, 8) });
  const load = documentHtmlOn(pool);
  try {
    const started = process.hrtime.bigint();
    let next = 0;
    let sent = 0;
    await Promise.all(
      Array.from({ length: loops }, async () => {
        while (next < ids.length) {
          const id = ids[next++];
          const token = crypto.randomBytes(16).toString('hex');
          const at = sqlNow();
          const [claim] = await pool.query(
            `UPDATE sendouts SET status = 'sending', attempts = attempts + 1, claim_token = ?, locked_at = ?, updated_at = ?
             WHERE id = ? AND account_id = ? AND status = 'queued' AND deleted_at IS NULL`,
            [token, at, at, id, accountId],
          );
          if (!claim.affectedRows) throw new Error(`sendout ${id} could not be claimed`);
          const [[row]] = await pool.query(
            'SELECT document_id, to_email, cc_emails, bcc_emails, subject, message, signature_png FROM sendouts WHERE id = ? AND account_id = ? AND claim_token = ?',
            [id, accountId, token],
          );
          const doc = await load(accountId, row.document_id, row.signature_png);
          const pdf = await chromium.render(doc.html, doc.options);
          const info = await transport.sendMail({
            from: 'invoices@bench.invoicing.local',
            replyTo: doc.account.businessEmail || undefined,
            to: row.to_email,
            cc: list(row.cc_emails),
            bcc: list(row.bcc_emails),
            subject: row.subject,
            text: `${row.message}\n\n-- \n${doc.account.businessName}`,
            html: `<p>${row.message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')}</p><p><img src="cid:signature@invoicing"></p>`,
            attachments: [
              { filename: `${doc.number.replace(/[^A-Za-z0-9_.-]+/g, '-')}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf) },
              { filename: 'signature.png', contentType: 'image/png', content: Buffer.from(doc.signature, 'base64'), cid: 'signature@invoicing' },
            ],
          });
          const done = sqlNow();
          await pool.query(
            `UPDATE sendouts SET status = 'sent', sent_at = ?, message_id = ?, last_error = NULL, claim_token = NULL, signature_png = NULL, updated_at = ?
             WHERE id = ? AND account_id = ? AND status = 'sending' AND claim_token = ?`,
            [done, String(info.messageId).slice(0, 255), done, id, accountId, token],
          );
          sent++;
        }
      }),
    );
    process.stdout.write(`${JSON.stringify({ seconds: Number(process.hrtime.bigint() - started) / 1e9, sent })}\n`);
  } finally {
    transport.close();
    await chromium.close();
    await pool.end().catch(() => undefined);
  }
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
