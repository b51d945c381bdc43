import { FindOptionsOrder, FindOptionsSelect, FindOptionsWhere, In, Repository } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { DocumentStatus } from '@app/domain/documents/document-enums';
import { documentDateRange, DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { NoteHeaderFields, NoteLine, NoteLineFields, NoteNumber, StoredNote } from '@app/domain/notes/note';
import { Page } from '@app/domain/shared/pagination';
import { Database } from '../database/database';
import { versionedWrite } from '../shared/data-version';
import { writeTombstones } from '../shared/list-sync';
import { gstFieldsOfRow } from '../documents/gst-columns';
import { SqlConditions } from '../documents/sql-document-list';
import { LIST_CACHE } from '../shared/versioned-list';
import { NoteHeaderRow, NoteItemRow } from './note.entity';

/** The entities of one kind of note, and the list filters only that kind has. */
export interface NoteEntities<Row extends NoteHeaderRow, Item extends NoteItemRow> {
  header: new () => Row;
  items: new () => Item;
  /** Extra WHERE conditions on alias `d` for a list filter. */
  filters?: (filter: DocumentListFilter) => Array<{ sql: string; params: unknown[] }>;
}

/** Where one kind of note lives: its entities and the table and columns its list query reads. */
export interface NoteTableSpec<Row extends NoteHeaderRow, Item extends NoteItemRow> extends NoteEntities<Row, Item> {
  table: string;
  numberColumn: string;
  dateColumn: string;
}

/** `%text%` for LIKE, with the wildcards of the text escaped. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The storage both note kinds share: headers, lines, lists with the document filters. Every
 * statement is scoped by account_id; lines are read in item_id order. Runs in the caller's
 * transaction through `Database.manager()`.
 */
export class TypeormNoteTable<Row extends NoteHeaderRow, Item extends NoteItemRow> {
  constructor(
    private readonly db: Database,
    private readonly spec: NoteTableSpec<Row, Item>,
  ) {}

  private headers(): Repository<Row> {
    return this.db.manager().getRepository(this.spec.header);
  }

  private lineRows(): Repository<Item> {
    return this.db.manager().getRepository(this.spec.items);
  }

  findRow(accountId: number, id: number, forUpdate = false): Promise<Row | null> {
    return this.headers().findOne({
      where: { id, accountId } as FindOptionsWhere<Row>,
      // A row lock needs a transaction; outside one the read is plain.
      lock: forUpdate && this.db.inTransaction() ? { mode: 'pessimistic_write' } : undefined,
    });
  }

  /**
   * Newest note date first, ties by id; the page's ids come from the index first (deferred join), the total
   * and the cursors as for every list (shared/versioned-list.ts).
   */
  async listRows(accountId: number, filter: DocumentListFilter): Promise<Page<Row>> {
    const { table, numberColumn, dateColumn } = this.spec;
    const c = new SqlConditions().add('d.account_id = ?', accountId);
    const { from, to } = documentDateRange(filter);
    if (from) c.add(`d.${dateColumn} >= ?`, from);
    if (to) c.add(`d.${dateColumn} <= ?`, to);
    if (filter.clientId !== undefined) c.add('d.client_id = ?', filter.clientId);
    if (filter.status !== undefined) c.add('d.status = ?', filter.status);
    for (const extra of this.spec.filters?.(filter) ?? []) c.add(extra.sql, ...extra.params);
    const search = filter.search?.trim();
    if (search) {
      c.add(
        `(d.${numberColumn} LIKE ? OR EXISTS (SELECT 1 FROM clients c WHERE c.id = d.client_id AND c.account_id = d.account_id AND c.name LIKE ?))`,
        containing(search),
        containing(search),
      );
    }
    const page = await LIST_CACHE.page<{ id: number }>(
      this.db,
      { accountId, table, reads: search ? ['clients'] : [], where: c.sql(), params: c.params, dateColumn, select: 'd.id' },
      filter,
    );
    if (!page.rows.length) return { ...page, rows: [] };
    const rows = await this.headers().findBy({ accountId, id: In(page.rows.map((r) => r.id)) } as FindOptionsWhere<Row>);
    const position = new Map(page.rows.map((r, i) => [Number(r.id), i]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return { ...page, rows };
  }

  async lines(accountId: number, noteId: number): Promise<NoteLine[]> {
    const rows = await this.lineRows().find({ where: { accountId, noteId } as FindOptionsWhere<Item>, order: { id: 'ASC' } as FindOptionsOrder<Item> });
    return rows.map((r) => ({
      id: r.id,
      noteId: r.noteId,
      description: r.description,
      expenseDate: r.expenseDate,
      amount: r.amount,
      hsnCode: r.hsnCode,
      quantity: r.quantity,
      unit: r.unit,
      taxableValue: r.taxableValue,
      taxRate: r.taxRate,
      cgstAmount: r.cgstAmount,
      sgstAmount: r.sgstAmount,
      igstAmount: r.igstAmount,
      cessRate: r.cessRate,
      cessAmount: r.cessAmount,
    }));
  }

  /** Every write moves the account's data version in its transaction (shared/data-version.ts). */
  async insertRow(values: Partial<Row> & { accountId: number }): Promise<number> {
    return versionedWrite(this.db, values.accountId, async () => {
      const result = await this.headers().insert(values as QueryDeepPartialEntity<Row>);
      return result.identifiers[0].id as number;
    });
  }

  async updateRow(accountId: number, id: number, values: Partial<Row>): Promise<void> {
    await versionedWrite(this.db, accountId, () => this.headers().update({ id, accountId } as FindOptionsWhere<Row>, values as QueryDeepPartialEntity<Row>));
  }

  /** Deletes the note's lines and inserts `lines` in one statement, so item_id follows their order. */
  async replaceLines(accountId: number, noteId: number, lines: NoteLineFields[]): Promise<void> {
    await versionedWrite(this.db, accountId, () => this.writeLines(accountId, noteId, lines));
  }

  private async writeLines(accountId: number, noteId: number, lines: NoteLineFields[]): Promise<void> {
    const repo = this.lineRows();
    await repo.delete({ accountId, noteId } as FindOptionsWhere<Item>);
    if (!lines.length) return;
    const rows = lines.map(
      (l) =>
        ({
          accountId,
          noteId,
          description: l.description,
          expenseDate: l.expenseDate,
          amount: l.amount,
          hsnCode: l.hsnCode ?? null,
          quantity: l.quantity ?? null,
          unit: l.unit ?? null,
          taxableValue: l.taxableValue ?? null,
          taxRate: l.taxRate ?? null,
          cgstAmount: l.cgstAmount ?? null,
          sgstAmount: l.sgstAmount ?? null,
          igstAmount: l.igstAmount ?? null,
          cessRate: l.cessRate ?? null,
          cessAmount: l.cessAmount ?? null,
        }) as Partial<Item>,
    );
    await repo.insert(rows as QueryDeepPartialEntity<Item>[]);
  }

  /** Deletes the note and its lines, leaving its tombstone (stamped `now`) for incremental sync. */
  async delete(accountId: number, id: number, now: Date): Promise<void> {
    await versionedWrite(this.db, accountId, async () => {
      await writeTombstones(this.db.manager(), this.headers().metadata.tableName, accountId, 'id = ?', [id], now);
      await this.lineRows().delete({ accountId, noteId: id } as FindOptionsWhere<Item>);
      await this.headers().delete({ id, accountId } as FindOptionsWhere<Row>);
    });
  }

  async existingIds(accountId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.headers().find({ select: { id: true } as FindOptionsSelect<Row>, where: { accountId, id: In(ids) } as FindOptionsWhere<Row> });
    return rows.map((r) => r.id);
  }
}

/** The shared header of a row in domain form. */
export function noteHeaderOf(row: NoteHeaderRow): NoteHeaderFields & StoredNote {
  return {
    id: row.id,
    accountId: row.accountId,
    number: row.number,
    fyStartYear: row.fyStartYear,
    sequence: row.sequenceNo,
    clientId: row.clientId,
    date: row.date,
    currency: row.currency,
    status: row.status as DocumentStatus,
    declarationText: row.declarationText,
    transportDetails: row.transportDetails,
    lrNumber: row.lrNumber,
    lutNumber: row.lutNumber,
    originalInvoiceId: row.originalInvoiceId,
    totalAmount: row.totalAmount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...gstFieldsOfRow(row),
  };
}

/** The shared header columns of domain fields. */
export function noteHeaderColumns(fields: NoteHeaderFields): Partial<NoteHeaderRow> {
  return {
    clientId: fields.clientId,
    date: fields.date,
    currency: fields.currency,
    status: fields.status,
    declarationText: fields.declarationText,
    transportDetails: fields.transportDetails,
    lrNumber: fields.lrNumber,
    lutNumber: fields.lutNumber,
    originalInvoiceId: fields.originalInvoiceId,
    totalAmount: fields.totalAmount,
    placeOfSupply: fields.placeOfSupply,
    supplyType: fields.supplyType,
    reverseCharge: fields.reverseCharge ? 1 : 0,
    roundOff: fields.roundOff,
    supplierSnapshot: fields.supplierSnapshot ? JSON.stringify(fields.supplierSnapshot) : null,
    taxWarnings: JSON.stringify(fields.taxWarnings ?? []),
    exchangeRate: fields.exchangeRate ?? null,
  };
}

export function numberColumns(number: NoteNumber): Partial<NoteHeaderRow> {
  return { number: number.number, fyStartYear: number.fyStartYear, sequenceNo: number.sequence };
}
