import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { Mailer, OutgoingMail, PermanentMailError } from '@app/domain/sendouts/mailer.port';

export interface NodemailerMailerOptions {
  /** smtp:// or smtps:// URL; null writes each message as an .eml file to `outboxDir`. */
  smtpUrl: string | null;
  outboxDir: string;
  /** Pooled SMTP connections (defaults to 1). */
  maxConnections?: number;
}

/**
 * Mailer on nodemailer. With an SMTP URL it sends over a small connection pool and turns 5xx replies
 * into PermanentMailError (4xx and network errors stay transient). Without one, it writes the complete
 * message (Bcc header kept, for inspection) to `<outboxDir>/<time>-<id>.eml`.
 */
export class NodemailerMailer extends Mailer {
  private readonly transport: Transporter;

  constructor(private readonly options: NodemailerMailerOptions) {
    super();
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          pool: true,
          maxConnections: Math.max(1, options.maxConnections ?? 1),
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 60_000,
        } as unknown as Parameters<typeof nodemailer.createTransport>[0])
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const message: Mail.Options = {
      from: mail.from,
      replyTo: mail.replyTo || undefined,
      to: mail.to,
      cc: mail.cc.length ? mail.cc : undefined,
      bcc: mail.bcc.length ? mail.bcc : undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content),
        ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
      })),
    };
    if (!this.options.smtpUrl) return this.writeToOutbox(message);
    try {
      const info = (await this.transport.sendMail(message)) as { messageId: string };
      return { messageId: String(info.messageId) };
    } catch (error) {
      const code = Number((error as { responseCode?: number }).responseCode);
      if (code >= 500 && code < 600) throw new PermanentMailError((error as Error).message, code);
      throw error;
    }
  }

  private async writeToOutbox(message: Mail.Options): Promise<{ messageId: string }> {
    const info = (await this.transport.sendMail(message)) as { messageId: string }; // the stream transport keeps the Bcc header
    const messageId = String(info.messageId);
    await mkdir(this.options.outboxDir, { recursive: true });
    const safe = messageId.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '');
    await writeFile(join(this.options.outboxDir, `${Date.now()}-${safe}.eml`), (info as unknown as { message: Buffer }).message);
    return { messageId };
  }

  /** A mailer bound in a Nest module closes its connections with the application. */
  onApplicationShutdown(): void {
    this.close();
  }

  close(): void {
    this.transport.close();
  }
}
