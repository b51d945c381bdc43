import { In, MoreThan } from 'typeorm';
import { DiscountType, DocumentStatus, PaymentStatus } from '@app/domain/documents/document-enums';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { AllocatedNumber } from '@app/domain/documents/document-numbering';
import { ProductLineValues } from '@app/domain/documents/product-lines';
import { Invoice, InvoiceFields, InvoiceHeader } from '@app/domain/invoices/invoice';
import { InvoiceRepository } from '@app/domain/invoices/invoice.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { Database } from '../database/typeorm-transaction-runner';
import { documentConditions, DocumentTable, inIdOrder, pageOfIds } from '../documents/sql-document-list';
import { SqlProductLines } from '../documents/sql-product-lines';
import { sqlNow } from '../shared/sql-time';
import { InvoiceItemRow, InvoiceRow } from './invoice.entity';

const TABLE: DocumentTable = { table: 'invoices', numberColumn: 'invoice_number', dateColumn: 'invoice_date' };

function toHeader(row: InvoiceRow): InvoiceHeader {
  return {
    id: row.id,
    accountId: row.accountId,
    clientId: row.clientId,
    invoiceNumber: row.invoiceNumber,
    fyStartYear: row.fyStartYear,
    sequenceNo: row.sequenceNo,
    invoiceDate: row.invoiceDate,
    paymentDueDate: row.paymentDueDate,
    paymentStatus: row.paymentStatus as PaymentStatus,
    status: row.status as DocumentStatus,
    currency: row.currency,
    invoiceType: row.invoiceType,
    lutNumber: row.lutNumber,
    declarationText: row.declarationText,
    paidAmount: row.paidAmount,
    paymentDate: row.paymentDate,
    paidAt: row.paidAt,
    transportDetails: row.transportDetails,
    lrNumber: row.lrNumber,
    tdsSectionId: row.tdsSectionId,
    tdsRate: row.tdsRate,
    tdsAmount: row.tdsAmount,
    discountType: row.discountType as DiscountType | null,
    discountValue: row.discountValue,
    totalAmount: row.totalAmount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export class TypeormInvoiceRepository extends InvoiceRepository {
  private readonly lines: SqlProductLines;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    super();
    this.lines = new SqlProductLines(db, InvoiceItemRow, 'invoiceId');
  }

  private repo() {
    return this.db.manager().getRepository(InvoiceRow);
  }

  async findById(accountId: number, id: number): Promise<Invoice | null> {
    const row = await this.repo().findOneBy({ id, accountId });
    if (!row) return null;
    return { ...toHeader(row), lines: await this.lines.load(accountId, id) };
  }

  async list(accountId: number, filter: DocumentListFilter): Promise<Page<InvoiceHeader>> {
    const c = documentConditions(TABLE, accountId, filter);
    if (filter.status) c.add('d.status = ?', filter.status);
    if (filter.paymentStatus) c.add('d.payment_status = ?', filter.paymentStatus);
    if (filter.dueFrom) c.add('d.payment_due_date >= ?', filter.dueFrom);
    if (filter.dueTo) c.add('d.payment_due_date <= ?', filter.dueTo);
    if (filter.paymentDateFrom) c.add('d.payment_date >= ?', filter.paymentDateFrom);
    if (filter.paymentDateTo) c.add('d.payment_date <= ?', filter.paymentDateTo);
    const { ids, total } = await pageOfIds(this.db.manager(), TABLE, c, filter);
    if (!ids.length) return { rows: [], total };
    const rows = await this.repo().findBy({ accountId, id: In(ids) });
    return { rows: inIdOrder(ids, rows).map(toHeader), total };
  }

  async insert(accountId: number, number: AllocatedNumber, fields: InvoiceFields, lines: ProductLineValues[]): Promise<number> {
    const now = sqlNow(this.clock.now());
    const result = await this.db
      .manager()
      .createQueryBuilder()
      .insert()
      .into(InvoiceRow)
      .values({
        ...fields,
        accountId,
        invoiceNumber: number.number,
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

  async update(accountId: number, id: number, fields: InvoiceFields, lines: ProductLineValues[] | null): Promise<void> {
    await this.repo().update({ id, accountId }, { ...fields, updatedAt: sqlNow(this.clock.now()) });
    if (lines) await this.lines.replace(accountId, id, lines);
  }

  async numbersOf(accountId: number, ids: number[]): Promise<Array<{ id: number; number: string }>> {
    if (!ids.length) return [];
    const rows = await this.repo().find({ select: { id: true, invoiceNumber: true }, where: { accountId, id: In(ids) }, order: { id: 'ASC' } });
    return rows.map((r) => ({ id: r.id, number: r.invoiceNumber }));
  }

  async deleteMany(accountId: number, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.lines.deleteFor(accountId, ids);
    await this.repo().delete({ accountId, id: In(ids) });
  }

  async paidSince(accountId: number, since: string, page: PageRequest): Promise<Page<InvoiceHeader>> {
    const [rows, total] = await this.repo().findAndCount({
      where: { accountId, paymentStatus: 'paid', paidAt: MoreThan(since) },
      order: { paidAt: 'ASC', id: 'ASC' },
      take: page.limit,
      skip: page.offset,
    });
    return { rows: rows.map(toHeader), total };
  }
}
