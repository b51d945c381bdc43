import { FindOptionsOrder, FindOptionsSelect, FindOptionsWhere, In, Repository } from 'typeorm';
import { DocumentKind } from '@app/domain/documents/document-kinds';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { escape } from 'mysql2';
import { ActivityEvent } from '@app/domain/activity/activity-log.port';
import { documentNumberStem, MAX_DOCUMENT_NUMBER_LENGTH, SEQUENCE_DIGITS } from '@app/domain/documents/document-number';
import { AllocatedNumber, NumberSlot } from '@app/domain/documents/document-numbering';
import { ProductLine, ProductLineValues } from '@app/domain/documents/product-lines';
import { SalesDocumentRepository } from '@app/domain/documents/sales-document.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page } from '@app/domain/shared/pagination';
import { Database, InconsistentAnswer } from '../database/database';
import { dataVersionStatement, DATA_VERSIONED_TABLES, noteDataVersion, versionedWrite } from '../shared/data-version';
import { writeTombstones } from '../shared/list-sync';
import { listedColumns } from './document-tables';
import { sqlNow } from '../shared/sql-time';
import { columnOf, insertStatement, rawInsert, selectColumns, SqlStatement } from '../database/raw-sql';
import { ActivityEventRow } from '../activity/activity-event.entity';
import { activityRow } from '../activity/typeorm-activity-log';
import { nextSequenceStatement, sequenceOf } from './sql-document-sequence';
import { ProductLineColumns, SalesDocumentColumns } from './sales-document-columns';
import { documentConditions, DocumentTable, pageOfRows, SqlConditions } from './sql-document-list';
import { SqlProductLines } from './sql-product-lines';
import { SqlRetainedDocuments } from './sql-retained-documents';
import { withGstColumns } from './gst-columns';

/** The entities of one kind of sales document and the row properties the shared queries need. */
export interface SalesDocumentEntities<Row extends SalesDocumentColumns> {
  header: new () => Row;
  items: new () => ProductLineColumns;
  /** Property of the parent id on the line rows (invoiceId, quotationId, proformaInvoiceId). */
  parentProperty: string;
  /** Property of the document number on the header rows. */
  numberProperty: keyof Row & string;
}

/** Where one kind of sales document lives: its header table (as the list query sees it) and its line table. */
type SalesDocumentTableSpec<Row extends SalesDocumentColumns> = SalesDocumentEntities<Row> & DocumentTable;

/**
 * What invoices, quotations and proforma invoices store alike: the header with its lines, lists with the
 * document filters and the deferred join, inserts under the allocated number, updates, numbers and bulk
 * deletes. A kind maps its rows to domain form and adds the list filters only it has. Every statement is
 * scoped by account and runs in the caller's transaction through `Database.manager()`.
 */
export abstract class TypeormSalesDocumentRepository<Row extends SalesDocumentColumns, H, F extends object> extends SalesDocumentRepository<H, F> {
  protected readonly lines: SqlProductLines;

  private readonly spec: SalesDocumentTableSpec<Row>;

  private readonly retained: SqlRetainedDocuments;

  /** Whether writes of this kind move the account's data version (shared/data-version.ts). */
  private readonly versioned: boolean;

  constructor(
    protected readonly db: Database,
    private readonly clock: Clock,
    private readonly kind: DocumentKind,
    entities: SalesDocumentEntities<Row>,
  ) {
    super();
    this.retained = new SqlRetainedDocuments(db);
    this.spec = { ...entities, ...listedColumns(kind) };
    this.lines = new SqlProductLines(db, entities.items, entities.parentProperty);
    this.versioned = DATA_VERSIONED_TABLES.has(this.spec.table);
  }

  /** The header row in domain form. */
  protected abstract toHeader(row: Row): H;

  /** Adds the list filters only this kind has, on alias `d`. */
  protected addFilters(_conditions: SqlConditions, _filter: DocumentListFilter): void {}

  protected repo(): Repository<Row> {
    return this.db.manager().getRepository(this.spec.header);
  }

  async findById(accountId: number, id: number): Promise<(H & { lines: ProductLine[] }) | null> {
    const row = await this.repo().findOneBy({ id, accountId } as FindOptionsWhere<Row>);
    if (!row) return null;
    return { ...this.toHeader(row), lines: await this.lines.load(accountId, id) };
  }

  async list(accountId: number, filter: DocumentListFilter): Promise<Page<H>> {
    const c = documentConditions(this.spec, accountId, filter);
    this.addFilters(c, filter);
    const page = await pageOfRows<Row>(this.db, this.spec, accountId, c, filter, selectColumns(this.db.manager(), this.spec.header, 'd'));
    return { ...page, rows: page.rows.map((row) => this.toHeader(row)) };
  }

  /**
   * Inside a transaction (the document's, always) the lines' INSERT is sent right behind the header's, their
   * parent id being the header's LAST_INSERT_ID(), instead of after the header's answer has come back: the
   * account's sequence row is locked from the number's allocation to COMMIT, so the round trip saved is
   * time every other create of the account would wait. Should the header fail, the lines statement fails or
   * writes rows under another id, and the transaction's rollback undoes both.
   */
  async insert(accountId: number, number: AllocatedNumber, fields: F, lines: ProductLineValues[]): Promise<number> {
    return this.written(accountId, () => this.insertRows(accountId, number, fields, lines));
  }

  private async insertRows(accountId: number, number: AllocatedNumber, fields: F, lines: ProductLineValues[]): Promise<number> {
    const now = sqlNow(this.clock.now());
    const header = rawInsert(this.db.manager(), this.spec.header, [
      {
        ...withGstColumns(fields),
        accountId,
        [this.spec.numberProperty]: number.number,
        fyStartYear: number.fyStartYear,
        sequenceNo: number.sequence,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    if (this.db.inTransaction()) {
      const [id] = await Promise.all([header, this.lines.insertAfterParent(accountId, lines)]);
      this.checkKept(accountId, id);
      return id;
    }
    const id = await header;
    await this.lines.insert(accountId, id, lines);
    return id;
  }

  /**
   * One multi-statement write (the connections allow them for this; every value is still a parameter or
   * escaped): the sequence upsert, the header with its sequence and number taken from the upsert's
   * LAST_INSERT_ID(), the lines, the activity event under the header's id and the bump of the account's data version
   * (invoices and proforma invoices, shared/data-version.ts). The database runs them one after another without
   * waiting for the application, so the account's sequence row (and its data-version row) stays locked only for that
   * time. If any statement fails the rest do not run, and the caller's transaction is rolled back with the error.
   */
  override async insertNumbered(
    accountId: number,
    slot: NumberSlot,
    fields: F,
    lines: ProductLineValues[],
    event: ActivityEvent,
  ): Promise<{ id: number; sequence: number }> {
    if (!this.db.inTransaction()) throw new Error('Documents are numbered inside the document transaction');
    const manager = this.db.manager();
    const now = sqlNow(this.clock.now());
    const stem = escape(documentNumberStem(slot.prefix, slot.fyStartYear));
    // formatDocumentNumber in SQL. Cut to the column's length, so that a number too long for it is not a database
    // error: the caller's numberIn refuses that sequence (ValidationFailed) and the transaction is rolled back.
    const number = `LEFT(CONCAT(${stem}, LPAD(LAST_INSERT_ID(), GREATEST(${SEQUENCE_DIGITS}, CHAR_LENGTH(LAST_INSERT_ID())), '0')), ${MAX_DOCUMENT_NUMBER_LENGTH})`;
    const { table, column } = columnOf(manager, this.spec.header, this.spec.numberProperty);
    const statements = [
      nextSequenceStatement(accountId, slot.series, slot.fyStartYear),
      insertStatement(manager, this.spec.header, [{ ...withGstColumns(fields), accountId, fyStartYear: slot.fyStartYear, createdAt: now, updatedAt: now }], {
        sequenceNo: 'LAST_INSERT_ID()',
        [this.spec.numberProperty]: number,
      }),
      { sql: 'SET @document_id = LAST_INSERT_ID()', params: [] },
      this.lines.statementFor(accountId, lines, '@document_id'),
      insertStatement(manager, ActivityEventRow, [activityRow(event)], {
        entityId: '@document_id',
        label: `(SELECT \`${column}\` FROM \`${table}\` WHERE id = @document_id)`,
      }),
      this.versioned ? dataVersionStatement(this.db, accountId) : null,
      // The number as stored, read back in the same batch (see below).
      { sql: `SELECT \`${columnOf(manager, this.spec.header, 'sequenceNo').column}\` AS sequence FROM \`${table}\` WHERE id = @document_id`, params: [] },
    ].filter((statement): statement is SqlStatement => statement !== null);
    const results = await manager.query<unknown[]>(
      statements.map((st) => st.sql).join(';\n'),
      statements.flatMap((st) => st.params),
    );
    const id = Number((results[1] as { insertId?: number } | undefined)?.insertId);
    if (!Number.isInteger(id) || id < 1) throw new Error('The document insert returned no id');
    if (this.versioned) noteDataVersion(this.db, accountId);
    const sequence = sequenceOf(results[0]);
    // The header takes its number from the connection's LAST_INSERT_ID(), which the upsert's reply also carries. On a
    // multi-primary Galera node under certification conflicts the two were seen to differ (a header numbered from an
    // earlier insert's id while the reply said the sequence): such a transaction is rolled back and run again.
    const [stored] = results[results.length - 1] as Array<{ sequence: number | string }>;
    if (Number(stored?.sequence) !== sequence) throw new InconsistentAnswer(`the document was numbered ${stored?.sequence}, its sequence said ${sequence}`);
    this.checkKept(accountId, id);
    return { id, sequence };
  }

  /** An answered document (and its number) must be a kept one, also on a multi-primary cluster (Database.checkAfterCommit). */
  private checkKept(accountId: number, id: number): void {
    const { table } = columnOf(this.db.manager(), this.spec.header, this.spec.numberProperty);
    this.db.checkAfterCommit(`SELECT 1 FROM \`${table}\` WHERE id = ? AND account_id = ?`, [id, accountId]);
  }

  async update(accountId: number, id: number, fields: F, lines: ProductLineValues[] | null): Promise<void> {
    await this.written(accountId, async () => {
      await this.repo().update({ id, accountId } as FindOptionsWhere<Row>, { ...withGstColumns(fields), updatedAt: sqlNow(this.clock.now()) });
      if (lines) await this.lines.replace(accountId, id, lines);
    });
  }

  /** Gives the document `number` (a draft's provisional number replaced by its tax-series number at issue). */
  async renumber(accountId: number, id: number, number: AllocatedNumber): Promise<void> {
    await this.written(accountId, () => this.setNumber(accountId, id, number));
  }

  private async setNumber(accountId: number, id: number, number: AllocatedNumber): Promise<void> {
    await this.repo().update(
      { id, accountId } as FindOptionsWhere<Row>,
      {
        [this.spec.numberProperty]: number.number,
        fyStartYear: number.fyStartYear,
        sequenceNo: number.sequence,
        updatedAt: sqlNow(this.clock.now()),
      } as Partial<Row> as never,
    );
  }

  async numbersOf(accountId: number, ids: number[]): Promise<Array<{ id: number; number: string }>> {
    if (!ids.length) return [];
    const key = this.spec.numberProperty;
    const rows = await this.repo().find({
      select: { id: true, [key]: true } as FindOptionsSelect<Row>,
      where: { accountId, id: In(ids) } as FindOptionsWhere<Row>,
      order: { id: 'ASC' } as FindOptionsOrder<Row>,
    });
    return rows.map((r) => ({ id: r.id, number: String(r[key]) }));
  }

  linesOf(accountId: number, ids: number[]): Promise<Map<number, ProductLine[]>> {
    return this.lines.loadMany(accountId, ids);
  }

  /** Deletes the documents; those that hold a number of a tax series are kept for the tax records first (SqlRetainedDocuments). */
  async deleteMany(accountId: number, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.retained.retain(accountId, this.kind, { ids });
    await this.written(accountId, async () => {
      await this.lines.deleteFor(accountId, ids);
      await writeTombstones(this.db.manager(), this.repo().metadata.tableName, accountId, `id IN (${ids.map(() => '?').join(', ')})`, ids, this.clock.now());
      await this.repo().delete({ accountId, id: In(ids) } as FindOptionsWhere<Row>);
    });
  }

  /**
   * Runs the writes of this kind's rows, moving the account's data version with them when the kind is one the
   * version covers (invoices and proforma invoices; not quotations, which no analytics statement reads).
   */
  private written<T>(accountId: number, write: () => Promise<T>): Promise<T> {
    return this.versioned ? versionedWrite(this.db, accountId, write) : write();
  }
}
