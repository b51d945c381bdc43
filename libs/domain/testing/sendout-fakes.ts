import { DocumentKind } from '../src/documents/document-kinds';
import { DocumentView } from '../src/documents/document-view';
import { PdfRenderer } from '../src/documents/pdf-renderer.port';
import { SharedDocument, ShareLinkRepository } from '../src/document-output/share-link.repository.port';
import { SourceDocument } from '../src/document-output/source-document';
import { DocumentSource } from '../src/document-output/document-source.port';
import { BusinessSettings, BusinessSettingsRepository, DEFAULT_BUSINESS_SETTINGS } from '../src/settings/business-settings';
import { SendoutJob } from '../src/sendouts/sendout';
import { DocumentPick, SendoutDocumentCatalog } from '../src/sendouts/sendout-document-catalog.port';
import { SendoutQueue } from '../src/sendouts/sendout-queue.port';
import { Mailer, OutgoingMail } from '../src/sendouts/mailer.port';

/** A 1x1 PNG (base64), the smallest signature that passes the PNG checks. */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Stored documents of any kind, keyed by kind and id. */
export class InMemoryDocumentSource extends DocumentSource implements SendoutDocumentCatalog {
  readonly docs: Array<SourceDocument & { accountId: number }> = [];
  private nextId = 1;

  add(accountId: number, kind: DocumentKind, clientId: number, fields: Partial<SourceDocument> = {}): SourceDocument {
    const id = this.nextId++;
    const doc: SourceDocument & { accountId: number } = {
      accountId,
      kind,
      id,
      clientId,
      number: `INV/25-26/${String(id).padStart(4, '0')}`,
      date: '2025-08-05',
      dueDate: null,
      validityDate: null,
      currency: 'INR',
      type: null,
      status: 'issued',
      paymentStatus: 'pending',
      paidAmount: '0.00',
      tdsAmount: null,
      discountType: null,
      discountValue: null,
      totalAmount: '12390.00',
      declarationText: null,
      lutNumber: null,
      transportDetails: null,
      lrNumber: null,
      reference: null,
      productLines: [],
      noteLines: [],
      ...fields,
    };
    this.docs.push(doc);
    return doc;
  }

  async load(accountId: number, kind: DocumentKind, id: number): Promise<SourceDocument | null> {
    return this.docs.find((d) => d.accountId === accountId && d.kind === kind && d.id === id) ?? null;
  }

  async numbersOf(accountId: number, kind: DocumentKind, ids: number[]): Promise<Map<number, string>> {
    return new Map(this.docs.filter((d) => d.accountId === accountId && d.kind === kind && ids.includes(d.id)).map((d) => [d.id, d.number]));
  }

  async listForClient(accountId: number, kind: DocumentKind, clientId: number, limit: number): Promise<DocumentPick[]> {
    return this.docs
      .filter((d) => d.accountId === accountId && d.kind === kind && d.clientId === clientId)
      .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1))
      .slice(0, limit)
      .map((d) => ({ id: d.id, number: d.number, date: d.date, totalAmount: d.totalAmount, currency: d.currency }));
  }
}

export class InMemoryBusinessSettings extends BusinessSettingsRepository {
  readonly rows = new Map<number, BusinessSettings>();
  async get(accountId: number): Promise<BusinessSettings> {
    const stored = this.rows.get(accountId) ?? DEFAULT_BUSINESS_SETTINGS;
    return { ...stored, prefixes: { ...stored.prefixes } };
  }
  /** As the SQL adapter: an empty prefix is stored as none (the default applies). */
  async save(accountId: number, settings: BusinessSettings): Promise<void> {
    const prefixes = Object.fromEntries(Object.entries(settings.prefixes).filter(([, prefix]) => !!prefix));
    this.rows.set(accountId, { ...settings, prefixes });
  }
  setSignature(accountId: number, png: string | null): void {
    this.rows.set(accountId, { ...DEFAULT_BUSINESS_SETTINGS, prefixes: {}, ...this.rows.get(accountId), signaturePng: png });
  }
}

/** Renders a fake PDF naming the document and its signature; can be told to fail. */
export class FakePdfRenderer extends PdfRenderer {
  readonly views: DocumentView[] = [];
  failWith: Error | null = null;
  async render(view: DocumentView): Promise<Uint8Array> {
    if (this.failWith) throw this.failWith;
    this.views.push(view);
    return new TextEncoder().encode(`%PDF-fake ${view.number}`);
  }
}

export class NoShareLinks extends ShareLinkRepository {
  async findActiveToken(): Promise<string | null> {
    return null;
  }
  async create(): Promise<void> {}
  async revoke(): Promise<boolean> {
    return false;
  }
  async resolve(): Promise<SharedDocument | null> {
    return null;
  }
}

/** Records what is sent; `script` fails the next sends in order (an entry per call, null = succeed). */
export class FakeMailer extends Mailer {
  readonly sent: OutgoingMail[] = [];
  script: Array<Error | null> = [];
  private n = 0;
  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const next = this.script.shift();
    if (next) throw next;
    this.sent.push(mail);
    return { messageId: `<fake-${++this.n}@test>` };
  }
}

/** Records enqueued jobs; ignores a job id it already holds, like BullMQ. `down` makes it throw. */
export class RecordingSendoutQueue extends SendoutQueue {
  readonly jobs: SendoutJob[] = [];
  down = false;
  async enqueue(job: SendoutJob): Promise<void> {
    if (this.down) throw new Error('queue unreachable');
    if (!this.jobs.some((j) => j.sendoutId === job.sendoutId)) this.jobs.push(job);
  }
  take(): SendoutJob[] {
    return this.jobs.splice(0);
  }
}
