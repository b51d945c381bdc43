import { Page } from '../shared/pagination';
import { DocumentListFilter } from './document-list-filter';
import { ActivityEvent } from '../activity/activity-log.port';
import { AllocatedNumber, NumberSlot } from './document-numbering';
import { ProductLine, ProductLineValues } from './product-lines';

/**
 * Storage of one kind of sales document with invoice-style lines (invoices, quotations, proforma
 * invoices): headers `H`, written as fields `F`. Every method is scoped by the account id.
 */
export abstract class SalesDocumentRepository<H, F> {
  /** Header and lines (lines ordered by item id). */
  abstract findById(accountId: number, id: number): Promise<(H & { lines: ProductLine[] }) | null>;
  /** Header rows (with total_amount) matching the filter, newest document date first (ties by id descending), and the count. */
  abstract list(accountId: number, filter: DocumentListFilter): Promise<Page<H>>;
  abstract insert(accountId: number, number: AllocatedNumber, fields: F, lines: ProductLineValues[]): Promise<number>;
  /**
   * Takes the next number of the slot's sequence and inserts the header under it, its lines and `event` (its
   * `entityId` and `label` become the new document's id and number) in one write, inside the caller's
   * transaction: the account's sequence row is then locked only while the database runs that write, not while
   * the application waits between statements. Returns the document's id and sequence; the caller derives the
   * number with `numberIn` (and must fail the transaction when that throws). Stores that cannot do this in one
   * write leave it out, and use cases fall back to `DocumentNumbering.allocateIn` and `insert`.
   */
  insertNumbered?(accountId: number, slot: NumberSlot, fields: F, lines: ProductLineValues[], event: ActivityEvent): Promise<{ id: number; sequence: number }>;
  /** Rewrites the header; the lines are replaced when `lines` is given, kept when null. */
  abstract update(accountId: number, id: number, fields: F, lines: ProductLineValues[] | null): Promise<void>;
  /** The account's documents among `ids`, with their numbers. */
  abstract numbersOf(accountId: number, ids: number[]): Promise<Array<{ id: number; number: string }>>;
  /** The lines of the account's documents among `ids` in one read, keyed by document id (ids of others are absent). */
  abstract linesOf(accountId: number, ids: number[]): Promise<Map<number, ProductLine[]>>;
  /** Deletes the account's documents among `ids` with their lines. */
  abstract deleteMany(accountId: number, ids: number[]): Promise<void>;
}
