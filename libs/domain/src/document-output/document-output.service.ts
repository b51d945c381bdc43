import { Account } from '../shared/account';
import { AccountRepository } from '../accounts/account.repository.port';
import { ClientRepository } from '../clients/client.repository.port';
import { DocumentKind } from '../documents/document-kinds';
import { DocumentView } from '../documents/document-view';
import { PdfRenderer } from '../documents/pdf-renderer.port';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { NotFound, SignatureRequired } from '../shared/domain-error';
import { buildDocumentView } from './document-view-builder';
import { ShareLinks } from './share-links';
import { DocumentSource } from './document-source.port';

export interface RenderedPdf {
  filename: string;
  bytes: Uint8Array;
  /** The signature image printed on the PDF (base64 PNG), if any. */
  signature: string | null;
}

export interface PdfOptions {
  /** A signature to print instead of the stored one (a sendout's `signature_override`). */
  signature?: string | null;
  /** Refuse with `signature_required` when neither the option nor the settings give a signature. */
  requireSignature?: boolean;
  /** Which copy of an invoice to print (CGST rule 48): the original for the recipient unless told. */
  copy?: InvoiceCopy;
}

/** The copies of a tax invoice (CGST rule 48(1)) and what each says. */
export const INVOICE_COPIES = { original: 'Original for Recipient', duplicate: 'Duplicate for Transporter', triplicate: 'Triplicate for Supplier' } as const;
export type InvoiceCopy = keyof typeof INVOICE_COPIES;

/** 'INV/25-26/0042' -> 'INV-25-26-0042.pdf': only letters, digits, '-', '_' and '.' survive. */
export function pdfFileName(number: string, fallback: string): string {
  const safe = number.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return `${safe || fallback}.pdf`;
}

/** PDFs of stored documents, bulk ZIP contents and public share links. */
export class DocumentOutputService {
  constructor(
    private readonly source: DocumentSource,
    private readonly clients: ClientRepository,
    private readonly accounts: AccountRepository,
    private readonly settings: BusinessSettingsRepository,
    private readonly renderer: PdfRenderer,
    private readonly links: ShareLinks,
  ) {}

  async view(account: Account, kind: DocumentKind, id: number): Promise<{ view: DocumentView; template: string }> {
    const doc = await this.source.load(account.id, kind, id);
    if (!doc) throw NotFound.of('Document', id);
    const [client, settings] = await Promise.all([this.clients.findById(account.id, doc.clientId), this.settings.get(account.id)]);
    return { view: buildDocumentView(doc, account, client, settings.signaturePng, settings), template: settings.invoiceTemplate };
  }

  async pdf(account: Account, kind: DocumentKind, id: number, options: PdfOptions = {}): Promise<RenderedPdf> {
    const built = await this.view(account, kind, id);
    const signature = options.signature ?? built.view.signaturePngBase64 ?? null;
    if (options.requireSignature && !signature) throw new SignatureRequired('The business has no signature and none was sent.');
    const copyLabel = kind === 'invoice' ? INVOICE_COPIES[options.copy ?? 'original'] : null;
    const view = { ...built.view, signaturePngBase64: signature, copyLabel };
    return { filename: pdfFileName(view.number, `${kind}-${id}`), bytes: await this.renderer.render(view, built.template, account.id), signature };
  }

  /**
   * ZIP entries for invoices: every id must be an invoice of the account, else 404 listing the missing
   * ones before anything renders. Entries render as many at a time as the renderer has pages, in the order
   * the ZIP streams them (the next one starts when one finishes), so every page works while a long list
   * neither queues all its renders at once nor runs into the renderer's wait bound.
   */
  async invoiceEntries(account: Account, ids: number[]): Promise<Array<{ filename: string; bytes: Promise<Uint8Array> }>> {
    const unique = [...new Set(ids)];
    const numbers = await this.source.numbersOf(account.id, 'invoice', unique);
    const missing = unique.filter((id) => !numbers.has(id));
    if (missing.length) throw new NotFound('Some invoices do not exist in this account.', { missing_ids: missing });
    const window = Math.max(1, this.renderer.concurrency);
    const started: Array<Promise<Uint8Array>> = [];
    let failure: Error | undefined;
    return unique.map((id, i) => {
      // Entry i starts once entry i - window is done. After a failed entry the rest fail too without
      // rendering: the ZIP stream stops there anyway.
      const turn: Promise<unknown> = i < window ? Promise.resolve() : started[i - window];
      const bytes = turn
        .then(() => (failure ? Promise.reject(failure) : this.pdf(account, 'invoice', id)))
        .then(
          (p) => p.bytes,
          (e: unknown) => {
            failure ??= e instanceof Error ? e : new Error(String(e));
            throw e;
          },
        );
      started.push(bytes);
      return { filename: pdfFileName(numbers.get(id) as string, `invoice-${id}`), bytes };
    });
  }

  /** The document's public link, created on first use; the same URL until revoked. */
  async share(account: Account, kind: DocumentKind, id: number): Promise<string> {
    if (!(await this.source.numbersOf(account.id, kind, [id])).size) throw NotFound.of('Document', id);
    return this.links.urlOf(account.id, kind, id);
  }

  async revoke(account: Account, kind: DocumentKind, id: number): Promise<void> {
    if (!(await this.source.numbersOf(account.id, kind, [id])).size) throw NotFound.of('Document', id);
    await this.links.revoke(account.id, kind, id);
  }

  /** The PDF behind a public token; unknown, revoked, or of a closed account: 404. */
  async sharedPdf(token: string): Promise<RenderedPdf> {
    const shared = await this.links.resolve(token);
    const account = shared ? await this.accounts.findById(shared.accountId) : null;
    if (!shared || !account || account.deleted || account.suspended) throw new NotFound('This link does not exist or has been revoked.');
    return this.pdf(account, shared.kind, shared.documentId);
  }
}
