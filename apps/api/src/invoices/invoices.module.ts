import { TdsSectionRepository } from '@app/domain/tds/tds-section.repository.port';
import { TdsModule } from '../tds/tds.module';
import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { ConvertToInvoice } from '@app/domain/invoices/convert-to-invoice.use-case';
import { InvoiceRepository } from '@app/domain/invoices/invoice.repository.port';
import { AccountReferences } from '@app/domain/shared/account-references';
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
import { make, bind } from '@app/infra/core/providers';
import { EInvoiceLock } from '@app/domain/einvoice/einvoice-lock';
import { SqlEInvoiceRegistrations } from '@app/infra/einvoice/sql-einvoice-registrations';

/** Invoices; exports the repository (read by credit notes) and the conversion used by quotations and proforma. */
@Module({
  imports: [DocumentsCoreModule, InventoryModule, TdsModule],
  controllers: [InvoicesController],
  providers: [
    bind(InvoiceRepository, TypeormInvoiceRepository, [Database, Clock]),
    make(IssueInvoice, [InvoiceRepository, ClientRepository, DocumentNumbering, DocumentQuota, ActivityRecorder, InvoiceStock]),
    make(ConvertToInvoice, [IssueInvoice, ActivityRecorder, Clock]),
    make(AccountReferences, [ClientRepository, TdsSectionRepository]),
    { provide: EInvoiceLock, useFactory: (db: Database) => new EInvoiceLock(new SqlEInvoiceRegistrations(db)), inject: [Database] },
    {
      provide: InvoicesService,
      useFactory: (lock: EInvoiceLock, ...deps: ConstructorParameters<typeof InvoicesService>) => new InvoicesService(...deps).withEInvoiceLock(lock),
      inject: [EInvoiceLock, InvoiceRepository, IssueInvoice, AccountReferences, TransactionRunner, Clock, ActivityRecorder, InvoiceStock],
    },
  ],
  exports: [InvoiceRepository, ConvertToInvoice, DocumentsCoreModule],
})
export class InvoicesModule {}
