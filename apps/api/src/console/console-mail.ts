import Handlebars from 'handlebars';
import type { Mailer } from '@app/domain/sendouts/mailer.port';

/** The console's own messages (verify an email, reset a password), sent through the service's mail path. */
export class ConsoleMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly from: string,
  ) {}

  /** A short message with one link: `link` carries its one-time code after `#`, so the code never reaches a server log. */
  async send(to: string, subject: string, lines: string[], link?: { label: string; url: string }): Promise<void> {
    const esc = (s: string) => Handlebars.escapeExpression(s);
    const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : [])].join('\n');
    const html =
      lines.map((l) => `<p>${esc(l)}</p>`).join('') + (link ? `<p><a href="${esc(link.url)}">${esc(link.label)}</a></p><p>${esc(link.url)}</p>` : '');
    await this.mailer.send({ from: this.from, to: [to], cc: [], bcc: [], subject, text, html, attachments: [] });
  }
}
