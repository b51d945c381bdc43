import { DocumentKind } from './document-kinds';

/**
 * Per-account, per-kind, per-financial-year counters. `next` must run inside the document's
 * transaction: the counter row stays locked until commit, so concurrent creates never share or skip
 * a number, and a rolled-back create gives its number back.
 */
export abstract class DocumentSequence {
  abstract next(accountId: number, kind: DocumentKind, fyStartYear: number): Promise<number>;
}

/** The number prefix per kind (business settings may override the defaults). */
export abstract class DocumentPrefixes {
  abstract prefixFor(accountId: number, kind: DocumentKind): Promise<string>;
}
