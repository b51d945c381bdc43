import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { OutgoingMail, PermanentMailError } from '@app/domain/sendouts/mailer.port';
import { NodemailerMailer } from './nodemailer-mailer';

const mail: OutgoingMail = {
  from: 'Invoicing <no-reply@invoicing.local>',
  replyTo: 'owner@business.example',
  to: ['client@example.com'],
  cc: ['cc@example.com'],
  bcc: ['audit@example.com'],
  subject: 'Invoice INV/25-26/0001',
  text: 'Hello',
  html: '<p>Hello</p><img src="cid:sig@x">',
  attachments: [
    { filename: 'INV-25-26-0001.pdf', contentType: 'application/pdf', content: new TextEncoder().encode('%PDF-1.4 fake') },
    { filename: 'signature.png', contentType: 'image/png', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), cid: 'sig@x' },
  ],
};

describe('NodemailerMailer', () => {
  it('without SMTP_URL writes the whole message (Bcc kept) as an .eml file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      const mailer = new NodemailerMailer({ smtpUrl: null, outboxDir: join(dir, 'var/outbox') });
      const { messageId } = await mailer.send(mail);
      const [file] = await readdir(join(dir, 'var/outbox'));
      expect(file).toMatch(/\.eml$/);
      const eml = await readFile(join(dir, 'var/outbox', file), 'utf8');
      expect(eml).toContain(`Message-ID: ${messageId}`);
      expect(eml).toContain('Bcc: audit@example.com');
      expect(eml).toContain('Subject: Invoice INV/25-26/0001');
      expect(eml).toContain('filename=INV-25-26-0001.pdf');
      expect(eml).toContain('Content-ID: <sig@x>');
      mailer.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('over SMTP: 5xx is a PermanentMailError, 4xx stays transient', async () => {
    let reply: number | null = 550;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, cb) {
        stream.resume();
        stream.on('end', () => (reply ? cb(Object.assign(new Error('refused'), { responseCode: reply })) : cb()));
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const mailer = new NodemailerMailer({ smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, outboxDir: '/nonexistent' });
    try {
      const permanent = await mailer.send(mail).catch((e) => e);
      expect(permanent).toBeInstanceOf(PermanentMailError);
      expect(permanent.responseCode).toBe(550);
      reply = 451;
      const transient = await mailer.send(mail).catch((e) => e);
      expect(transient).toBeInstanceOf(Error);
      expect(transient).not.toBeInstanceOf(PermanentMailError);
      reply = null;
      expect((await mailer.send(mail)).messageId).toMatch(/^<.+@invoicing\.local>$/);
    } finally {
      mailer.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
