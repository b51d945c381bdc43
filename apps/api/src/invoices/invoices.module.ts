import { TdsSectionRepository } from '@app/domain/tds/tds-section.repository.port';
import { TdsModule } from '../tds/tds.module';
import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { ConvertToInvoice } from '@app/domain/invoices/convert-to-invoice.use-case';
import { InvoiceRepository } from '@app/domain/invoices/invoice.repository.port';
import { InvoicesService } from '@app/domain/invoices/invoices.service';
import { IssueInvoice } from '@app/domain/invoices/issue-invoice.use-case';
import { InvoiceStock } from '@app/domain/inventory/invoice-stock';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from '@app/infra/database/database';
import { TypeormInvoiceRepository } from '@app/infra/invoices/typeorm-invoice.repository';
import { DocumentsCoreModule } from '../documents/documents-core.module';
import { InventoryModule } from '../inventory/inventory.module';
import { InvoicesController } from './invoices.controller';
import { EInvoiceLock } from '@app/domain/einvoice/einvoice-lock';
import { SqlEInvoiceRegistrations } from '@app/infra/einvoice/sql-einvoice-registrations';

/** Invoices; exports the repository (read by credit notes) and the conversion used by quotations and proforma. */
@Module({
  imports: [DocumentsCoreModule, InventoryModule, TdsModule],
  controllers: [InvoicesController],
  providers: [
    { provide: InvoiceRepository, useFactory: (db: Database, clock: Clock) => new TypeormInvoiceRepository(db, clock), inject: [Database, Clock] },
    {
      provide: IssueInvoice,
      useFactory: (i: InvoiceRepository, c: ClientRepository, n: DocumentNumbering, q: DocumentQuota, a: ActivityRecorder, s: InvoiceStock) =>
        new IssueInvoice(i, c, n, q, a, s),
      inject: [InvoiceRepository, ClientRepository, DocumentNumbering, DocumentQuota, ActivityRecorder, InvoiceStock],
    },
    {
      provide: ConvertToInvoice,
      useFactory: (issue: IssueInvoice, a: ActivityRecorder, clock: Clock) => new ConvertToInvoice(issue, a, clock),
      inject: [IssueInvoice, ActivityRecorder, Clock],
    },
    {
      provide: InvoicesService,
      useFactory: (
        i: InvoiceRepository,
        issue: IssueInvoice,
        c: ClientRepository,
        tx: TransactionRunner,
        clock: Clock,
        a: ActivityRecorder,
        s: InvoiceStock,
        t: TdsSectionRepository,
        db: Database,
      ) => new InvoicesService(i, issue, c, tx, clock, a, s, t, new EInvoiceLock(new SqlEInvoiceRegistrations(db))),
      inject: [InvoiceRepository, IssueInvoice, ClientRepository, TransactionRunner, Clock, ActivityRecorder, InvoiceStock, TdsSectionRepository, Database],
    },
  ],
  exports: [InvoiceRepository, ConvertToInvoice, DocumentsCoreModule],
})
export class InvoicesModule {}
