import { fiscalYearOf } from '../shared/fiscal-year';
import { formatDocumentNumber } from './document-number';
import { DocumentKind } from './document-kinds';
import { DocumentPrefixes, DocumentSequence } from './document-sequence.port';

export interface AllocatedNumber {
  number: string;
  fyStartYear: number;
  sequence: number;
}

/** Gives a document its number from the sequence of its kind and the financial year of its date. */
export class DocumentNumbering {
  constructor(
    private readonly sequence: DocumentSequence,
    private readonly prefixes: DocumentPrefixes,
  ) {}

  async allocate(accountId: number, kind: DocumentKind, documentDate: string): Promise<AllocatedNumber> {
    const fyStartYear = fiscalYearOf(documentDate);
    const prefix = await this.prefixes.prefixFor(accountId, kind);
    const sequence = await this.sequence.next(accountId, kind, fyStartYear);
    return { number: formatDocumentNumber(prefix, fyStartYear, sequence), fyStartYear, sequence };
  }
}
