import { fiscalYearOf } from '../shared/fiscal-year';
import { formatDocumentNumber } from './document-number';
import { DocumentKind } from './document-kinds';
import { DocumentPrefixes, DocumentSequence } from './document-sequence.port';

export interface AllocatedNumber {
  number: string;
  fyStartYear: number;
  sequence: number;
}

/** The sequence a new document takes its number from, and the prefix of that number. */
export interface NumberSlot {
  kind: DocumentKind;
  fyStartYear: number;
  prefix: string;
}

/** The number of `sequence` in `slot` (throws ValidationFailed when the prefix makes it invalid). */
export function numberIn(slot: NumberSlot, sequence: number): string {
  return formatDocumentNumber(slot.prefix, slot.fyStartYear, sequence);
}

/** Gives a document its number from the sequence of its kind and the financial year of its date. */
export class DocumentNumbering {
  constructor(
    private readonly sequence: DocumentSequence,
    private readonly prefixes: DocumentPrefixes,
  ) {}

  async allocate(accountId: number, kind: DocumentKind, documentDate: string): Promise<AllocatedNumber> {
    return this.allocateIn(accountId, await this.slot(accountId, kind, documentDate));
  }

  /** The sequence and prefix of a document of `kind` dated `documentDate`; nothing is allocated yet. */
  async slot(accountId: number, kind: DocumentKind, documentDate: string): Promise<NumberSlot> {
    return { kind, fyStartYear: fiscalYearOf(documentDate), prefix: await this.prefixes.prefixFor(accountId, kind) };
  }

  /** The next number of the slot's sequence (inside the document's transaction, which holds it until commit). */
  async allocateIn(accountId: number, slot: NumberSlot): Promise<AllocatedNumber> {
    const sequence = await this.sequence.next(accountId, slot.kind, slot.fyStartYear);
    return { number: numberIn(slot, sequence), fyStartYear: slot.fyStartYear, sequence };
  }
}
