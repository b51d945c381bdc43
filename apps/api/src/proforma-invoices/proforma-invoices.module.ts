import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { ConvertToInvoice } from '@app/domain/invoices/convert-to-invoice.use-case';
import { ProformaInvoiceRepository } from '@app/domain/proforma/proforma-invoice.repository.port';
import { ProformaInvoicesService } from '@app/domain/proforma/proforma-invoices.service';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from '@app/infra/database/typeorm-transaction-runner';
import { TypeormProformaInvoiceRepository } from '@app/infra/proforma/typeorm-proforma-invoice.repository';
import { InvoicesModule } from '../invoices/invoices.module';
import { ProformaInvoicesController } from './proforma-invoices.controller';

@Module({
  imports: [InvoicesModule],
  controllers: [ProformaInvoicesController],
  providers: [
    { provide: ProformaInvoiceRepository, useFactory: (db: Database, clock: Clock) => new TypeormProformaInvoiceRepository(db, clock), inject: [Database, Clock] },
    {
      provide: ProformaInvoicesService,
      useFactory: (r: ProformaInvoiceRepository, c: ClientRepository, n: DocumentNumbering, q: DocumentQuota, conv: ConvertToInvoice, tx: TransactionRunner, a: ActivityRecorder) =>
        new ProformaInvoicesService(r, c, n, q, conv, tx, a),
      inject: [ProformaInvoiceRepository, ClientRepository, DocumentNumbering, DocumentQuota, ConvertToInvoice, TransactionRunner, ActivityRecorder],
    },
  ],
})
export class ProformaInvoicesModule {}
