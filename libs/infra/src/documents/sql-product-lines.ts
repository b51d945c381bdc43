import { In } from 'typeorm';
import { DiscountType } from '@app/domain/documents/document-enums';
import { ProductLine, ProductLineValues } from '@app/domain/documents/product-lines';
import { Database } from '../database/database';
import { insertStatement, SqlStatement } from '../database/raw-sql';
import { ProductLineColumns } from './sales-document-columns';

type LineRowClass = { new (): ProductLineColumns };

/**
 * Reads and writes the lines of one invoice-style line table. `parentProperty` is the row property of
 * the parent id (invoiceId, quotationId, proformaInvoiceId). Every statement is scoped by account.
 */
export class SqlProductLines {
  constructor(
    private readonly db: Database,
    private readonly entity: LineRowClass,
    private readonly parentProperty: string,
  ) {}

  private repo() {
    return this.db.manager().getRepository(this.entity);
  }

  async load(accountId: number, parentId: number): Promise<ProductLine[]> {
    const rows = await this.repo().find({
      where: { accountId, [this.parentProperty]: parentId } as never,
      order: { id: 'ASC' },
    });
    return rows.map(toLine);
  }

  /** The lines of several parents in one query, keyed by parent id, each in id order. */
  async loadMany(accountId: number, parentIds: number[]): Promise<Map<number, ProductLine[]>> {
    const byParent = new Map<number, ProductLine[]>();
    if (!parentIds.length) return byParent;
    const rows = await this.repo().find({
      where: { accountId, [this.parentProperty]: In(parentIds) } as never,
      order: { id: 'ASC' },
    });
    for (const row of rows) {
      const parentId = Number((row as unknown as Record<string, unknown>)[this.parentProperty]);
      byParent.set(parentId, [...(byParent.get(parentId) ?? []), toLine(row)]);
    }
    return byParent;
  }

  /** One multi-row INSERT, in the order given (so item ids follow the order sent). */
  insert(accountId: number, parentId: number, lines: ProductLineValues[]): Promise<void> {
    return this.write(this.statement(accountId, lines, { [this.parentProperty]: parentId }, {}));
  }

  /**
   * The lines of the parent row this connection inserted in its previous statement: their parent id is that
   * row's LAST_INSERT_ID(), so the statement can be sent right behind the parent's without waiting for its
   * answer (see TypeormSalesDocumentRepository.insert). Inside a transaction only, which keeps both on one
   * connection and undoes both when either fails.
   */
  insertAfterParent(accountId: number, lines: ProductLineValues[]): Promise<void> {
    if (!this.db.inTransaction()) throw new Error('Lines follow their parent inside the document transaction');
    return this.write(this.statementFor(accountId, lines, 'LAST_INSERT_ID()'));
  }

  /** The INSERT of the lines of the parent whose id is the SQL expression `parentId` (null for no lines). */
  statementFor(accountId: number, lines: ProductLineValues[], parentId: string): SqlStatement | null {
    return this.statement(accountId, lines, {}, { [this.parentProperty]: parentId });
  }

  private statement(accountId: number, lines: ProductLineValues[], parent: Record<string, number>, sqlValues: Record<string, string>): SqlStatement | null {
    if (!lines.length) return null;
    return insertStatement(
      this.db.manager(),
      this.entity,
      lines.map((line) => ({ ...line, accountId, ...parent })),
      sqlValues,
    );
  }

  private async write(statement: SqlStatement | null): Promise<void> {
    if (statement) await this.db.manager().query(statement.sql, statement.params);
  }

  async replace(accountId: number, parentId: number, lines: ProductLineValues[]): Promise<void> {
    await this.deleteFor(accountId, [parentId]);
    await this.insert(accountId, parentId, lines);
  }

  async deleteFor(accountId: number, parentIds: number[]): Promise<void> {
    if (!parentIds.length) return;
    await this.repo().delete({ accountId, [this.parentProperty]: In(parentIds) });
  }
}

function toLine(row: ProductLineColumns): ProductLine {
  return {
    id: row.id,
    description: row.description,
    hsnCode: row.hsnCode,
    quantity: row.quantity,
    rate: row.rate,
    taxRate: row.taxRate,
    cgstAmount: row.cgstAmount,
    sgstAmount: row.sgstAmount,
    igstAmount: row.igstAmount,
    totalAmount: row.totalAmount,
    discountType: row.discountType as DiscountType | null,
    discountValue: row.discountValue,
    inventoryId: row.inventoryId,
    unit: row.unit,
    taxableValue: row.taxableValue,
    headerDiscount: row.headerDiscount,
    cessRate: row.cessRate,
    cessAmount: row.cessAmount,
  };
}
