import { In } from 'typeorm';
import { DocumentStatus, PaymentStatus } from '@app/domain/documents/document-enums';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { InvoiceFields, InvoiceHeader } from '@app/domain/invoices/invoice';
import { InvoiceRepository } from '@app/domain/invoices/invoice.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { Database } from '../database/database';
import { salesHeaderOf } from '../documents/sales-document-rows';
import { SqlConditions } from '../documents/sql-document-list';
import { keysetPage } from '../shared/keyset-list';
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

  /** Earliest paid first, by offset or by cursor (an invoice of the account that was paid). */
  async paidSince(accountId: number, since: string, page: PageRequest): Promise<Page<InvoiceHeader>> {
    const ids = await keysetPage<{ id: number }>(
      this.db,
      {
        table: 'invoices',
        where: "d.account_id = ? AND d.payment_status = 'paid' AND d.paid_at > ?",
        params: [accountId, since],
        scope: 'd.account_id = ? AND d.paid_at IS NOT NULL',
        scopeParams: [accountId],
        order: [
          ['paid_at', 'ASC'],
          ['id', 'ASC'],
        ],
        select: 'd.id',
        changed: 'd.updated_at',
      },
      page,
    );
    if (!ids.rows.length) return { ...ids, rows: [] };
    const rows = await this.repo().find({ where: { accountId, id: In(ids.rows.map((r) => Number(r.id))) }, order: { paidAt: 'ASC', id: 'ASC' } });
    return { ...ids, rows: rows.map((row) => this.toHeader(row)) };
  }
}
