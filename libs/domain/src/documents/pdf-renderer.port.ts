import type { DocumentView } from './document-view';

/** The invoice looks an account can choose (`invoice_template`). */
export const INVOICE_TEMPLATES = ['classic', 'modern'] as const;
export type InvoiceTemplate = (typeof INVOICE_TEMPLATES)[number];

export function isInvoiceTemplate(value: unknown): value is InvoiceTemplate {
  return typeof value === 'string' && (INVOICE_TEMPLATES as readonly string[]).includes(value);
}

/**
 * Port: turns a render-ready document into PDF bytes. `template` selects the invoice look
 * (one of INVOICE_TEMPLATES, default 'classic'); other kinds have one layout each and ignore it.
 * `accountId` names whose render it is, so that one account cannot hold every renderer at once.
 * A busy or slow renderer fails with a TemporarilyUnavailable error.
 */
export abstract class PdfRenderer {
  /** Renders it prints at once (its pages): bulk work keeps as many in flight, so that none stays idle. */
  concurrency = 1;
  abstract render(view: DocumentView, template?: string, accountId?: number): Promise<Uint8Array>;
}
