import { AddressInfo } from 'node:net';
import { SMTPServer, SMTPServerSession } from 'smtp-server';

export interface MimePart {
  headers: Record<string, string>;
  contentType: string;
  filename: string | null;
  cid: string | null;
  content: Buffer;
}

export interface SunkMail {
  /** Envelope recipients (To, Cc and Bcc alike). */
  rcptTo: string[];
  mailFrom: string;
  raw: Buffer;
  headers: Record<string, string>;
  subject: string;
  parts: MimePart[];
  attachments: MimePart[];
  html: string | null;
  text: string | null;
  /** When its data had arrived (epoch ms). */
  receivedAt: number;
}

/** Returns an SMTP error for this delivery (e.g. {code: 451}) or null to accept it. */
export type Refusal = (mail: SunkMail, attempt: number) => { code: number; message: string } | null;

/** RFC 2047 encoded words (B and Q) to text. */
export function decodeWords(value: string): string {
  return value.replace(/\s*=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_m, _cs: string, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

const param = (header: string | undefined, name: string): string | null => {
  const m = header ? new RegExp(`${name}\\*?="?([^";]+)"?`, 'i').exec(header) : null;
  return m ? decodeWords(m[1]) : null;
};

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'utf8');
  }
}

/** A small MIME walker for what nodemailer writes: multiparts recursed, leaves decoded. */
export function parseMime(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(split < 0 ? raw : raw.slice(0, split));
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = param(contentType, 'boundary');
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
    const parts = sections
      .slice(1)
      .filter((s) => s.trim())
      .flatMap((s) => parseMime(s).parts);
    return { headers, parts };
  }
  const part: MimePart = {
    headers,
    contentType: contentType.split(';')[0].trim().toLowerCase(),
    filename: param(headers['content-disposition'], 'filename') ?? param(contentType, 'name'),
    cid: headers['content-id']?.replace(/[<>]/g, '') ?? null,
    content: decodeBody(body, headers['content-transfer-encoding']),
  };
  return { headers, parts: [part] };
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: SunkMail[];
  /** Deliveries refused so far. */
  refused: number;
  refuse: Refusal | null;
  /** Answers 421 to every message for `ms` from now; resolves the time the window ends (epoch ms). */
  refuseFor(ms: number): number;
  /**
   * Holds the next message before it is accepted: `reached` resolves when its data has arrived (it is not
   * yet kept), `release()` accepts it. A sender that dies meanwhile never gets the answer: nothing is kept
   * (`gone` resolves when its connection has closed).
   */
  holdNext(): { reached: Promise<SunkMail>; release: () => void; gone: Promise<void> };
  /** Resolves when `predicate` holds for the received messages. */
  waitFor(predicate: (messages: SunkMail[]) => boolean, timeoutMs?: number): Promise<SunkMail[]>;
  bySubject(subject: string): SunkMail[];
  close(): Promise<void>;
}

/**
 * The length of an SMTP outage the suites simulate: SMTP_SINK_REFUSAL_MS, else 6 s. The suites that use it
 * scale the worker's retry schedule by the same factor, so it stands for a minute of the retry clock.
 */
export function refusalWindowMs(): number {
  return Number(process.env.SMTP_SINK_REFUSAL_MS) || 6_000;
}

/** An in-process SMTP server that keeps every message (no auth, no TLS). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const attempts = new Map<string, number>();
  let hold: { reached: (mail: SunkMail) => void; released: Promise<void>; gone: () => void } | null = null;
  const closed = new Set<string>(); // sessions whose client has gone
  const watched = new Map<string, () => void>(); // held sessions, told when they close
  const sink: SmtpSink = {
    url: '',
    port: 0,
    messages: [],
    refused: 0,
    refuse: null,
    refuseFor(ms) {
      const until = Date.now() + ms;
      sink.refuse = (mail) => (mail.receivedAt < until ? { code: 421, message: 'Service not available, try again later' } : null);
      return until;
    },
    holdNext() {
      let release!: () => void;
      let gone!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const closedHeld = new Promise<void>((r) => (gone = r));
      const reached = new Promise<SunkMail>((r) => (hold = { reached: r, released, gone }));
      return { reached, release, gone: closedHeld };
    },
    async waitFor(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(sink.messages)) {
        if (Date.now() > deadline) throw new Error(`SMTP sink: condition not met within ${timeoutMs} ms (${sink.messages.length} messages)`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return sink.messages;
    },
    bySubject: (subject) => sink.messages.filter((m) => m.subject === subject),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 20 * 1024 * 1024,
    onClose(session: SMTPServerSession) {
      closed.add(session.id);
      watched.get(session.id)?.();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const { headers, parts } = parseMime(raw.toString('latin1'));
        const mail: SunkMail = {
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          headers,
          subject: decodeWords(headers.subject ?? ''),
          parts,
          attachments: parts.filter((p) => p.filename),
          html: parts.find((p) => p.contentType === 'text/html')?.content.toString('utf8') ?? null,
          text: parts.find((p) => p.contentType === 'text/plain' && !p.filename)?.content.toString('utf8') ?? null,
          receivedAt: Date.now(),
        };
        const held = hold;
        hold = null;
        if (held) {
          watched.set(session.id, held.gone);
          held.reached(mail);
          // Kept only when the answer can still go out: a sender gone meanwhile never learnt it was accepted.
          void held.released.then(() => {
            if (closed.has(session.id)) return;
            sink.messages.push(mail);
            callback();
          });
          return;
        }
        const attempt = (attempts.get(mail.subject) ?? 0) + 1;
        attempts.set(mail.subject, attempt);
        const refusal = sink.refuse?.(mail, attempt) ?? null;
        if (refusal) {
          sink.refused++;
          const err = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          return callback(err);
        }
        sink.messages.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  return sink;
}
