import { AllocatedNumber } from '../src/documents/document-numbering';
import { DocumentListFilter, documentDateRange } from '../src/documents/document-list-filter';
import { ProductLine, ProductLineValues } from '../src/documents/product-lines';
import { Clock } from '../src/shared/clock.port';
import { Page } from '../src/shared/pagination';
import { sqlTimestamp } from './fake-clock';

/** Header fields every stored sales document has, as the fakes keep them. */
export interface StoredDocument {
  id: number;
  accountId: number;
  clientId: number;
  fyStartYear: number;
  sequenceNo: number;
  createdAt: string;
  updatedAt: string;
}

/** The client name used by `search` (the SQL adapter joins clients of the same account). */
export type ClientNameLookup = (accountId: number, clientId: number) => string | undefined;

/**
 * Sales documents with invoice-style lines, in memory, with the semantics of the SQL adapters: scoped by
 * account, lines in id order, lists newest document date first with ties by id descending, `search`
 * on the number or the client's name (case-insensitive), counts under the same filter.
 */
export class InMemorySalesDocuments<H extends StoredDocument> {
  private readonly rows = new Map<number, H>();
  private readonly lines = new Map<number, ProductLine[]>();
  private nextId = 1;
  private nextLineId = 1;

  constructor(
    private readonly clock: Clock,
    private readonly numberOf: (h: H) => string,
    private readonly dateOf: (h: H) => string,
    private readonly clientName: ClientNameLookup = () => undefined,
  ) {}

  find(accountId: number, id: number): (H & { lines: ProductLine[] }) | null {
    const row = this.rows.get(id);
    if (!row || row.accountId !== accountId) return null;
    return structuredClone({ ...row, lines: this.lines.get(id) ?? [] });
  }

  insert(accountId: number, number: AllocatedNumber, header: Omit<H, keyof StoredDocument>, lines: ProductLineValues[]): number {
    const id = this.nextId++;
    const now = sqlTimestamp(this.clock.now());
    this.rows.set(
      id,
      structuredClone({
        ...header,
        id,
        accountId,
        fyStartYear: number.fyStartYear,
        sequenceNo: number.sequence,
        createdAt: now,
        updatedAt: now,
      } as unknown as H),
    );
    this.setLines(id, lines);
    return id;
  }

  update(accountId: number, id: number, header: Partial<H>, lines: ProductLineValues[] | null): void {
    const row = this.rows.get(id);
    if (!row || row.accountId !== accountId) return;
    Object.assign(row, structuredClone(header), { updatedAt: sqlTimestamp(this.clock.now()) });
    if (lines) this.setLines(id, lines);
  }

  numbersOf(accountId: number, ids: number[]): Array<{ id: number; number: string }> {
    return [...new Set(ids)]
      .map((id) => this.rows.get(id))
      .filter((r): r is H => !!r && r.accountId === accountId)
      .sort((a, b) => a.id - b.id)
      .map((r) => ({ id: r.id, number: this.numberOf(r) }));
  }

  linesOf(accountId: number, ids: number[]): Map<number, ProductLine[]> {
    const byId = new Map<number, ProductLine[]>();
    for (const id of new Set(ids)) {
      if (this.rows.get(id)?.accountId === accountId) byId.set(id, structuredClone(this.lines.get(id) ?? []));
    }
    return byId;
  }

  deleteMany(accountId: number, ids: number[]): void {
    for (const id of ids) {
      if (this.rows.get(id)?.accountId !== accountId) continue;
      this.rows.delete(id);
      this.lines.delete(id);
    }
  }

  /** Rows of the account passing `match` and the common filters, ordered and paged. */
  list(accountId: number, filter: DocumentListFilter, match: (h: H) => boolean = () => true): Page<H> {
    const { from, to } = documentDateRange(filter);
    const search = filter.search?.toLowerCase();
    const rows = [...this.rows.values()]
      .filter((r) => r.accountId === accountId)
      .filter((r) => (!from || this.dateOf(r) >= from) && (!to || this.dateOf(r) <= to))
      .filter((r) => filter.clientId === undefined || r.clientId === filter.clientId)
      .filter((r) => !search || this.numberOf(r).toLowerCase().includes(search) || !!this.clientName(accountId, r.clientId)?.toLowerCase().includes(search))
      .filter(match)
      .sort((a, b) => (this.dateOf(a) === this.dateOf(b) ? b.id - a.id : this.dateOf(a) < this.dateOf(b) ? 1 : -1));
    return { rows: rows.slice(filter.offset, filter.offset + filter.limit).map((r) => structuredClone(r)), total: rows.length };
  }

  /** Every row of the account (any order), as copies. */
  all(accountId: number): H[] {
    return [...this.rows.values()].filter((r) => r.accountId === accountId).map((r) => structuredClone(r));
  }

  /** Sets stored fields directly (e.g. paid_at, to arrange a test). */
  patch(id: number, changes: Partial<H>): void {
    const row = this.rows.get(id);
    if (!row) throw new Error(`no document ${id}`);
    Object.assign(row, changes);
  }

  private setLines(id: number, lines: ProductLineValues[]): void {
    this.lines.set(
      id,
      lines.map((l) => structuredClone({ ...l, id: this.nextLineId++ })),
    );
  }
}
