import { ValidationFailed } from '../shared/domain-error';
import { fiscalYearOf, fiscalYearRange, LAST_DATE } from '../shared/fiscal-year';
import { formatDocumentNumber } from './document-number';
import { DocumentKind, documentKind } from './document-kinds';
import { DocumentPrefixes, DocumentSequence, NumberSeries, OwnSeries, TaxDocumentKind } from './document-sequence.port';

export type { NumberSeries, TaxDocumentKind };

export interface AllocatedNumber {
  number: string;
  fyStartYear: number;
  sequence: number;
}

/**
 * The prefix of the provisional numbers of drafts ('DRAFT/26-27/0007'). Business settings cannot take it as a
 * prefix of their own, so a number that starts with it is never one of a tax series.
 */
export const DRAFT_PREFIX = 'DRAFT';

/** Whether `number` is a draft's provisional number rather than one of a tax series (or of an offer). */
export function isProvisionalNumber(number: string): boolean {
  return number.startsWith(`${DRAFT_PREFIX}/`);
}

/** Whether documents of `kind` take their number when they are issued (tax documents) rather than when created. */
export function numberedAtIssue(kind: DocumentKind): kind is TaxDocumentKind {
  return documentKind(kind).taxDocument;
}

/**
 * Whether a tax document in `status` must hold a number of its tax series: issued and archived ones do; a draft
 * does not, nor does a draft cancelled before it was ever issued (a cancelled document that was issued keeps
 * its number).
 */
export function holdsTaxNumber(status: string): boolean {
  return status === 'issued' || status === 'archived';
}

/**
 * Whether a tax document numbered `currentNumber` takes the next number of its tax series when its status becomes
 * `status`: it holds a provisional number and is being issued (or archived). A document that once held a tax
 * number keeps it for good.
 */
export function takesTaxNumber(currentNumber: string, status: string): boolean {
  return isProvisionalNumber(currentNumber) && holdsTaxNumber(status);
}

/**
 * Refuses to turn a document that holds a number of its tax series back into a draft: the number was issued and is
 * never freed (rule 46(b)); such a document is cancelled instead.
 */
export function assertStaysIssued(currentNumber: string, currentStatus: string, status: string): void {
  if (status === 'draft' && currentStatus !== 'draft' && !isProvisionalNumber(currentNumber)) {
    throw ValidationFailed.field('status', `cannot go back to draft: ${currentNumber} has been issued (cancel the document instead)`);
  }
}

/** The sequence a new document takes its number from, and the prefix of that number. */
export interface NumberSlot {
  kind: DocumentKind;
  /** The sequence's key: the kind, or the kind's draft series. */
  series: NumberSeries;
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
export function numberIn(slot: Pick<NumberSlot, 'prefix' | 'fyStartYear'> & Partial<NumberSlot>, sequence: number): string {
  return formatDocumentNumber(slot.prefix, slot.fyStartYear, sequence);
}

/** Gives a document its number from the sequence of its kind and the financial year of its date. */
export class DocumentNumbering {
  constructor(
    private readonly sequence: DocumentSequence,
    private readonly prefixes: DocumentPrefixes,
  ) {}

  /**
   * The number of a new document of `kind` dated `documentDate` in `status`: a tax document created as a draft
   * takes the next provisional number of its draft series, any other document the next number of its kind's series.
   */
  async allocate(accountId: number, kind: DocumentKind, documentDate: string, status?: string): Promise<AllocatedNumber> {
    return this.allocateIn(accountId, await this.slot(accountId, kind, documentDate, status));
  }

  /**
   * The sequence and prefix of a document of `kind` dated `documentDate` created in `status`; nothing is allocated
   * yet. Tax documents created as drafts take the draft series of their kind (`DRAFT/YY-YY/NNNN`): the tax series
   * numbers only documents that are issued (rule 46(b)), when they are issued.
   */
  async slot(accountId: number, kind: DocumentKind, documentDate: string, status?: string): Promise<NumberSlot> {
    const fyStartYear = numberedFiscalYear(documentDate, documentKind(kind).dateField);
    if (status === 'draft' && numberedAtIssue(kind)) return { kind, series: `draft-${kind}`, fyStartYear, prefix: DRAFT_PREFIX };
    return { kind, series: kind, fyStartYear, prefix: await this.prefixes.prefixFor(accountId, kind) };
  }

  /**
   * The next number of a series of the service's own (receipt vouchers: `RV/25-26/0001`), with a fixed prefix, per
   * account and financial year as a kind's, inside the transaction that stores it.
   */
  async allocateSeries(accountId: number, series: OwnSeries, prefix: string, fyStartYear: number): Promise<AllocatedNumber> {
    const sequence = await this.sequence.next(accountId, series, fyStartYear);
    return { number: numberIn({ prefix, fyStartYear }, sequence), fyStartYear, sequence };
  }

  /** The next number of the slot's sequence (inside the document's transaction, which holds it until commit). */
  async allocateIn(accountId: number, slot: NumberSlot): Promise<AllocatedNumber> {
    const sequence = await this.sequence.next(accountId, slot.series, slot.fyStartYear);
    return { number: numberIn(slot, sequence), fyStartYear: slot.fyStartYear, sequence };
  }
}
