import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { EInvoiceLock } from '@app/domain/einvoice/einvoice-lock';
import { EwayBillLock } from '@app/domain/eway-bill/eway-bill-lock';
import { InvoiceStock } from '@app/domain/inventory/invoice-stock';
import { ConvertToInvoice } from '@app/domain/invoices/convert-to-invoice.use-case';
import { InvoiceRepository } from '@app/domain/invoices/invoice.repository.port';
import { InvoicesService } from '@app/domain/invoices/invoices.service';
import { IssueInvoice } from '@app/domain/invoices/issue-invoice.use-case';
import { AccountReferences } from '@app/domain/documents/account-references';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { TdsSectionRepository } from '@app/domain/tds/tds-section.repository.port';
import { bind, make, factory } from '../core/providers';
import { Database } from '../database/database';
import { DocumentsInfraModule } from '../documents/documents-infra.module';
import { SqlEInvoiceRegistrations } from '../einvoice/sql-einvoice-registrations';
import { SqlEwayBills } from '../eway-bill/sql-eway-bills';
import { InventoryInfraModule } from '../inventory/inventory-infra.module';
import { TdsSectionsInfraModule } from '../tds/tds-sections-infra.module';
import { TypeormInvoiceRepository } from './typeorm-invoice.repository';
import { PaymentLedger } from '@app/domain/payments/payment-ledger';
import { PaymentsInfraModule } from '../payments/payments-infra.module';

/**
 * Invoices and their service: issue with numbering, quota and stock, conversion from quotations and
 * proforma invoices, edits refused after an IRN or while an e-way bill is in force, payment-status updates followed by the payment ledger (API and the
 * worker's storefront import).
 */
@Module({
  imports: [DocumentsInfraModule, InventoryInfraModule, TdsSectionsInfraModule, PaymentsInfraModule],
  providers: [
    bind(InvoiceRepository, TypeormInvoiceRepository, [Database, Clock]),
    make(IssueInvoice, [InvoiceRepository, ClientRepository, DocumentNumbering, DocumentQuota, ActivityRecorder, InvoiceStock]),
    make(ConvertToInvoice, [IssueInvoice, ActivityRecorder, Clock]),
    make(AccountReferences, [ClientRepository, TdsSectionRepository]),
    factory(EInvoiceLock, [Database], (db: Database) => new EInvoiceLock(new SqlEInvoiceRegistrations(db))),
    factory(EwayBillLock, [Database, Clock], (db: Database, clock: Clock) => new EwayBillLock(new SqlEwayBills(db), clock)),
    factory(
      InvoicesService,
      [EInvoiceLock, EwayBillLock, PaymentLedger, InvoiceRepository, IssueInvoice, AccountReferences, TransactionRunner, Clock, ActivityRecorder, InvoiceStock],
      (lock: EInvoiceLock, ewayBills: EwayBillLock, ledger: PaymentLedger, ...deps: ConstructorParameters<typeof InvoicesService>) =>
        new InvoicesService(...deps).withLock(lock).withLock(ewayBills).withPayments(ledger),
    ),
  ],
  exports: [InvoiceRepository, InvoicesService, ConvertToInvoice, IssueInvoice, AccountReferences, DocumentsInfraModule],
})
export class InvoicesInfraModule {}
