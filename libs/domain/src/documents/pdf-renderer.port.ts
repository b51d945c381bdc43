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
 */
export abstract class PdfRenderer {
  abstract render(view: DocumentView, template?: string): Promise<Uint8Array>;
}
