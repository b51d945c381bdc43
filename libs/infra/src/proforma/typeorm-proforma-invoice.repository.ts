import { In } from 'typeorm';
import { ApprovalStatus, DiscountType } from '@app/domain/documents/document-enums';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { AllocatedNumber } from '@app/domain/documents/document-numbering';
import { ProductLineValues } from '@app/domain/documents/product-lines';
import { ProformaInvoice, ProformaInvoiceFields, ProformaInvoiceHeader } from '@app/domain/proforma/proforma-invoice';
import { ProformaInvoiceRepository } from '@app/domain/proforma/proforma-invoice.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page } from '@app/domain/shared/pagination';
import { Database } from '../database/typeorm-transaction-runner';
import { documentConditions, DocumentTable, inIdOrder, pageOfIds } from '../documents/sql-document-list';
import { SqlProductLines } from '../documents/sql-product-lines';
import { sqlNow } from '../shared/sql-time';
import { ProformaInvoiceItemRow, ProformaInvoiceRow } from './proforma-invoice.entity';

const TABLE: DocumentTable = { table: 'proforma_invoices', numberColumn: 'proforma_number', dateColumn: 'proforma_date' };

function toHeader(row: ProformaInvoiceRow): ProformaInvoiceHeader {
  return {
    id: row.id,
    accountId: row.accountId,
    clientId: row.clientId,
    proformaNumber: row.proformaNumber,
    fyStartYear: row.fyStartYear,
    sequenceNo: row.sequenceNo,
    proformaDate: row.proformaDate,
    validityDate: row.validityDate,
    approvalStatus: row.approvalStatus as ApprovalStatus,
    currency: row.currency,
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

export class TypeormProformaInvoiceRepository extends ProformaInvoiceRepository {
  private readonly lines: SqlProductLines;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    super();
    this.lines = new SqlProductLines(db, ProformaInvoiceItemRow, 'proformaInvoiceId');
  }

  private repo() {
    return this.db.manager().getRepository(ProformaInvoiceRow);
  }

  async findById(accountId: number, id: number): Promise<ProformaInvoice | null> {
    const row = await this.repo().findOneBy({ id, accountId });
    if (!row) return null;
    return { ...toHeader(row), lines: await this.lines.load(accountId, id) };
  }

  async list(accountId: number, filter: DocumentListFilter): Promise<Page<ProformaInvoiceHeader>> {
    const c = documentConditions(TABLE, accountId, filter);
    if (filter.approvalStatus) c.add('d.approval_status = ?', filter.approvalStatus);
    const { ids, total } = await pageOfIds(this.db.manager(), TABLE, c, filter);
    if (!ids.length) return { rows: [], total };
    const rows = await this.repo().findBy({ accountId, id: In(ids) });
    return { rows: inIdOrder(ids, rows).map(toHeader), total };
  }

  async insert(accountId: number, number: AllocatedNumber, fields: ProformaInvoiceFields, lines: ProductLineValues[]): Promise<number> {
    const now = sqlNow(this.clock.now());
    const result = await this.db
      .manager()
      .createQueryBuilder()
      .insert()
      .into(ProformaInvoiceRow)
      .values({
        ...fields,
        accountId,
        proformaNumber: number.number,
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

  async update(accountId: number, id: number, fields: ProformaInvoiceFields, lines: ProductLineValues[] | null): Promise<void> {
    await this.repo().update({ id, accountId }, { ...fields, updatedAt: sqlNow(this.clock.now()) });
    if (lines) await this.lines.replace(accountId, id, lines);
  }

  async numbersOf(accountId: number, ids: number[]): Promise<Array<{ id: number; number: string }>> {
    if (!ids.length) return [];
    const rows = await this.repo().find({ select: { id: true, proformaNumber: true }, where: { accountId, id: In(ids) }, order: { id: 'ASC' } });
    return rows.map((r) => ({ id: r.id, number: r.proformaNumber }));
  }

  async deleteMany(accountId: number, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.lines.deleteFor(accountId, ids);
    await this.repo().delete({ accountId, id: In(ids) });
  }
}
