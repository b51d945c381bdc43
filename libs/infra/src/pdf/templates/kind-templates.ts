import { DocumentKind, documentKind } from '@app/domain/documents/document-kinds';
import type { DocumentView } from '@app/domain/documents/document-view';
import type { InvoiceTemplate } from '@app/domain/documents/pdf-renderer.port';
import { documentLayout, INVOICE_CLASSIC, INVOICE_MODERN } from './layouts';

/** How one kind prints: its page per look, the banner under the details and whether it shows a payment status. */
export interface KindTemplate {
  /** Handlebars page per invoice look; `classic` is also the page of a look the kind does not have. */
  looks: { classic: string } & Partial<Record<InvoiceTemplate, string>>;
  /** Line printed under the details block, or null. */
  banner(view: DocumentView): string | null;
  /** Prints the payment status (paid, overdue, ...) beside the title. */
  paymentStatus: boolean;
}

const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** A note made against an invoice says so, with the invoice's number and date (CGST rule 53(1A)(g)). */
const againstInvoice = (view: DocumentView): string | null =>
  filled(view.reference)
    ? `${view.title || documentKind(view.kind).labels.title} issued against invoice ${view.reference}` +
      (filled(view.referenceDate) ? ` dated ${view.referenceDate}.` : '.')
    : null;

/** The template of every document kind. */
export const KIND_TEMPLATES: Record<DocumentKind, KindTemplate> = {
  invoice: {
    looks: { classic: INVOICE_CLASSIC, modern: INVOICE_MODERN },
    banner: () => null,
    paymentStatus: true,
  },
  quotation: {
    looks: { classic: documentLayout('quotation', false) },
    banner: (view) => 'This is a quotation, not a tax invoice.' + (filled(view.validityDate) ? ` Valid until ${view.validityDate}.` : ''),
    paymentStatus: false,
  },
  'proforma-invoice': {
    looks: { classic: documentLayout('proforma', false) },
    banner: () => 'This is a proforma invoice, not a tax invoice. A tax invoice will be issued on supply.',
    paymentStatus: true,
  },
  'debit-note': {
    looks: { classic: documentLayout('debit-note', true) },
    banner: againstInvoice,
    paymentStatus: false,
  },
  'credit-note': {
    looks: { classic: documentLayout('credit-note', true) },
    banner: againstInvoice,
    paymentStatus: false,
  },
};
