import { ValidationFailed } from '../shared/domain-error';
import { fiscalYearOf, fiscalYearRange, LAST_DATE } from '../shared/fiscal-year';
import { formatDocumentNumber } from './document-number';
import { DocumentKind, documentKind } from './document-kinds';
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

/**
 * The financial years a document can be numbered in. A number names its year by a two-digit label ('25-26'), which
 * names exactly one year of these hundred: two documents of different years never share a number (FY 2125-26 would
 * number as FY 2025-26 does). Dates outside them are refused on the document's date field.
 */
export const FIRST_NUMBERED_FY = 2000;
export const LAST_NUMBERED_FY = 2099;

/** The first and last document date that can be numbered (the last one also within the dates the service takes). */
export const FIRST_NUMBERED_DATE = fiscalYearRange(FIRST_NUMBERED_FY).from;
export const LAST_NUMBERED_DATE = fiscalYearRange(LAST_NUMBERED_FY).to < LAST_DATE ? fiscalYearRange(LAST_NUMBERED_FY).to : LAST_DATE;

/** The start year of the FY a document dated `documentDate` is numbered in; ValidationFailed on `field` outside the numbered years. */
export function numberedFiscalYear(documentDate: string, field: string): number {
  const fy = fiscalYearOf(documentDate);
  if (fy < FIRST_NUMBERED_FY || fy > LAST_NUMBERED_FY || documentDate > LAST_NUMBERED_DATE) {
    throw ValidationFailed.field(
      field,
      `must be a date from ${FIRST_NUMBERED_DATE} to ${LAST_NUMBERED_DATE} (document numbers name the financial year by two digits)`,
    );
  }
  return fy;
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
    const fyStartYear = numberedFiscalYear(documentDate, documentKind(kind).dateField);
    return { kind, fyStartYear, prefix: await this.prefixes.prefixFor(accountId, kind) };
  }

  /** The next number of the slot's sequence (inside the document's transaction, which holds it until commit). */
  async allocateIn(accountId: number, slot: NumberSlot): Promise<AllocatedNumber> {
    const sequence = await this.sequence.next(accountId, slot.kind, slot.fyStartYear);
    return { number: numberIn(slot, sequence), fyStartYear: slot.fyStartYear, sequence };
  }
}
