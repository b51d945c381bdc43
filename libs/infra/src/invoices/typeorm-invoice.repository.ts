import { MoreThan } from 'typeorm';
import { DocumentStatus, PaymentStatus } from '@app/domain/documents/document-enums';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { InvoiceFields, InvoiceHeader } from '@app/domain/invoices/invoice';
import { InvoiceRepository } from '@app/domain/invoices/invoice.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { Database } from '../database/database';
import { salesHeaderOf } from '../documents/sales-document-rows';
import { SqlConditions } from '../documents/sql-document-list';
import { TypeormSalesDocumentRepository } from '../documents/typeorm-sales-document.repository';
import { InvoiceItemRow, InvoiceRow } from './invoice.entity';

export class TypeormInvoiceRepository extends TypeormSalesDocumentRepository<InvoiceRow, InvoiceHeader, InvoiceFields> implements InvoiceRepository {
  constructor(db: Database, clock: Clock) {
    super(db, clock, 'invoice', { header: InvoiceRow, items: InvoiceItemRow, parentProperty: 'invoiceId', numberProperty: 'invoiceNumber' });
  }

  protected toHeader(row: InvoiceRow): InvoiceHeader {
    return {
      ...salesHeaderOf(row),
      invoiceNumber: row.invoiceNumber,
      invoiceDate: row.invoiceDate,
      paymentDueDate: row.paymentDueDate,
      paymentStatus: row.paymentStatus as PaymentStatus,
      status: row.status as DocumentStatus,
      invoiceType: row.invoiceType,
      paidAmount: row.paidAmount,
      paymentDate: row.paymentDate,
      paidAt: row.paidAt,
      tdsSectionId: row.tdsSectionId,
      tdsRate: row.tdsRate,
      tdsAmount: row.tdsAmount,
      deliveryAddress: row.deliveryAddress ?? null,
      destinationCountry: row.destinationCountry ?? null,
      shipToGstin: row.shipToGstin ?? null,
      shipToName: row.shipToName ?? null,
    };
  }

  protected override addFilters(c: SqlConditions, filter: DocumentListFilter): void {
    if (filter.status) c.add('d.status = ?', filter.status);
    if (filter.paymentStatus) c.add('d.payment_status = ?', filter.paymentStatus);
    if (filter.dueFrom) c.add('d.payment_due_date >= ?', filter.dueFrom);
    if (filter.dueTo) c.add('d.payment_due_date <= ?', filter.dueTo);
    if (filter.paymentDateFrom) c.add('d.payment_date >= ?', filter.paymentDateFrom);
    if (filter.paymentDateTo) c.add('d.payment_date <= ?', filter.paymentDateTo);
  }

  async cancelledAmong(accountId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db.query<{ id: number }>(
      `SELECT id FROM invoices WHERE account_id = ? AND status = 'cancelled' AND id IN (${ids.map(() => '?').join(', ')})`,
      [accountId, ...ids],
    );
    return new Set(rows.map((r) => Number(r.id)));
  }

  async paidSince(accountId: number, since: string, page: PageRequest): Promise<Page<InvoiceHeader>> {
    const [rows, total] = await this.repo().findAndCount({
      where: { accountId, paymentStatus: 'paid', paidAt: MoreThan(since) },
      order: { paidAt: 'ASC', id: 'ASC' },
      take: page.limit,
      skip: page.offset,
    });
    return { rows: rows.map((row) => this.toHeader(row)), total };
  }
}
