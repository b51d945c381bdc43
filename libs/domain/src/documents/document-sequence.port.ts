import { DocumentKind } from './document-kinds';

/** The document kinds that are tax documents (CGST rules 46 and 53): invoices, debit notes and credit notes. */
export type TaxDocumentKind = 'invoice' | 'debit-note' | 'credit-note';

/** Series of numbers that are no document kind's: the receipt vouchers of advances (payments). */
export type OwnSeries = 'receipt-voucher';

/**
 * A sequence of numbers: the tax series of a kind (its key is the kind), the provisional series of its drafts
 * (`draft-invoice`, ...), or a series of the service's own (receipt vouchers).
 */
export type NumberSeries = DocumentKind | `draft-${TaxDocumentKind}` | OwnSeries;

/**
 * Per-account, per-series, per-financial-year counters (a series is a kind, or the drafts of a tax document kind). `next` must run inside the document's
 * transaction: the counter row stays locked until commit, so concurrent creates never share or skip
 * a number, and a rolled-back create gives its number back.
 */
export abstract class DocumentSequence {
  abstract next(accountId: number, series: NumberSeries, fyStartYear: number): Promise<number>;
}

/** The number prefix per kind (business settings may override the defaults). */
export abstract class DocumentPrefixes {
  abstract prefixFor(accountId: number, kind: DocumentKind): Promise<string>;
}
