import { In } from 'typeorm';
import { ApprovalStatus, DiscountType, QuotationDocumentKind } from '@app/domain/documents/document-enums';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { AllocatedNumber } from '@app/domain/documents/document-numbering';
import { ProductLineValues } from '@app/domain/documents/product-lines';
import { Quotation, QuotationFields, QuotationHeader } from '@app/domain/quotations/quotation';
import { QuotationRepository } from '@app/domain/quotations/quotation.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page } from '@app/domain/shared/pagination';
import { Database } from '../database/typeorm-transaction-runner';
import { documentConditions, DocumentTable, inIdOrder, pageOfIds } from '../documents/sql-document-list';
import { SqlProductLines } from '../documents/sql-product-lines';
import { sqlNow } from '../shared/sql-time';
import { QuotationItemRow, QuotationRow } from './quotation.entity';

const TABLE: DocumentTable = { table: 'quotations', numberColumn: 'quotation_number', dateColumn: 'quotation_date' };

function toHeader(row: QuotationRow): QuotationHeader {
  return {
    id: row.id,
    accountId: row.accountId,
    clientId: row.clientId,
    quotationNumber: row.quotationNumber,
    fyStartYear: row.fyStartYear,
    sequenceNo: row.sequenceNo,
    quotationDate: row.quotationDate,
    validityDate: row.validityDate,
    approvalStatus: row.approvalStatus as ApprovalStatus,
    currency: row.currency,
    quotationType: row.quotationType,
    documentKind: row.documentKind as QuotationDocumentKind,
    lutNumber: row.lutNumber,
    declarationText: row.declarationText,
    transportDetails: row.transportDetails,
    lrNumber: row.lrNumber,
    discountType: row.discountType as DiscountType | null,
    discountValue: row.discountValue,
    totalAmount: row.totalAmount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export class TypeormQuotationRepository extends QuotationRepository {
  private readonly lines: SqlProductLines;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    super();
    this.lines = new SqlProductLines(db, QuotationItemRow, 'quotationId');
  }

  private repo() {
    return this.db.manager().getRepository(QuotationRow);
  }

  async findById(accountId: number, id: number): Promise<Quotation | null> {
    const row = await this.repo().findOneBy({ id, accountId });
    if (!row) return null;
    return { ...toHeader(row), lines: await this.lines.load(accountId, id) };
  }

  async list(accountId: number, filter: DocumentListFilter): Promise<Page<QuotationHeader>> {
    const c = documentConditions(TABLE, accountId, filter);
    if (filter.approvalStatus) c.add('d.approval_status = ?', filter.approvalStatus);
    if (filter.documentKind) c.add('d.document_kind = ?', filter.documentKind);
    const { ids, total } = await pageOfIds(this.db.manager(), TABLE, c, filter);
    if (!ids.length) return { rows: [], total };
    const rows = await this.repo().findBy({ accountId, id: In(ids) });
    return { rows: inIdOrder(ids, rows).map(toHeader), total };
  }

  async insert(accountId: number, number: AllocatedNumber, fields: QuotationFields, lines: ProductLineValues[]): Promise<number> {
    const now = sqlNow(this.clock.now());
    const result = await this.db
      .manager()
      .createQueryBuilder()
      .insert()
      .into(QuotationRow)
      .values({
        ...fields,
        accountId,
        quotationNumber: number.number,
        fyStartYear: number.fyStartYear,
        sequenceNo: number.sequence,
        createdAt: now,
        updatedAt: now,
      })
      .updateEntity(false)
      .execute();
    const id = Number((result.raw as { insertId: number }).insertId);
    await this.lines.insert(accountId, id, lines);
    return id;
  }

  async update(accountId: number, id: number, fields: QuotationFields, lines: ProductLineValues[] | null): Promise<void> {
    await this.repo().update({ id, accountId }, { ...fields, updatedAt: sqlNow(this.clock.now()) });
    if (lines) await this.lines.replace(accountId, id, lines);
  }

  async numbersOf(accountId: number, ids: number[]): Promise<Array<{ id: number; number: string }>> {
    if (!ids.length) return [];
    const rows = await this.repo().find({ select: { id: true, quotationNumber: true }, where: { accountId, id: In(ids) }, order: { id: 'ASC' } });
    return rows.map((r) => ({ id: r.id, number: r.quotationNumber }));
  }

  async deleteMany(accountId: number, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.lines.deleteFor(accountId, ids);
    await this.repo().delete({ accountId, id: In(ids) });
  }
}
