import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { ConvertToInvoice } from '@app/domain/invoices/convert-to-invoice.use-case';
import { QuotationRepository } from '@app/domain/quotations/quotation.repository.port';
import { QuotationsService } from '@app/domain/quotations/quotations.service';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from '@app/infra/database/typeorm-transaction-runner';
import { TypeormQuotationRepository } from '@app/infra/quotations/typeorm-quotation.repository';
import { InvoicesModule } from '../invoices/invoices.module';
import { QuotationsController } from './quotations.controller';

@Module({
  imports: [InvoicesModule],
  controllers: [QuotationsController],
  providers: [
    { provide: QuotationRepository, useFactory: (db: Database, clock: Clock) => new TypeormQuotationRepository(db, clock), inject: [Database, Clock] },
    {
      provide: QuotationsService,
      useFactory: (r: QuotationRepository, c: ClientRepository, n: DocumentNumbering, q: DocumentQuota, conv: ConvertToInvoice, tx: TransactionRunner, a: ActivityRecorder) =>
        new QuotationsService(r, c, n, q, conv, tx, a),
      inject: [QuotationRepository, ClientRepository, DocumentNumbering, DocumentQuota, ConvertToInvoice, TransactionRunner, ActivityRecorder],
    },
  ],
})
export class QuotationsModule {}
