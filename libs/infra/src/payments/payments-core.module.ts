import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { ClientStatementService, StatementReader } from '@app/domain/payments/client-statement';
import { PaymentLedger } from '@app/domain/payments/payment-ledger';
import { PaymentRepository } from '@app/domain/payments/payment.repository.port';
import { PaymentsService } from '@app/domain/payments/payments.service';
import { ReceivableDocuments } from '@app/domain/payments/receivable-documents.port';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { bind, make } from '../core/providers';
import { Database } from '../database/database';
import { DocumentsCoreModule } from '../documents/documents-core.module';
import { SqlReceivableDocuments } from './sql-receivable-documents';
import { SqlStatementReader } from './sql-statement-reader';
import { TypeormPaymentRepository } from './typeorm-payment.repository';

/**
 * Payments, their allocations and the ledger that settles invoices and debit notes by them (the API's payments, and
 * the invoice and debit-note services, whose payment-status updates the ledger follows), and client statements.
 */
@Module({
  imports: [DocumentsCoreModule],
  providers: [
    bind(PaymentRepository, TypeormPaymentRepository, [Database, Clock]),
    bind(ReceivableDocuments, SqlReceivableDocuments, [Database, Clock]),
    make(PaymentLedger, [PaymentRepository, ReceivableDocuments, ActivityRecorder, Clock]),
    make(PaymentsService, [PaymentRepository, PaymentLedger, ClientRepository, DocumentNumbering, TransactionRunner, Clock, ActivityRecorder]),
    bind(StatementReader, SqlStatementReader, [Database]),
    make(ClientStatementService, [StatementReader, ClientRepository, Clock]),
  ],
  exports: [PaymentRepository, PaymentLedger, PaymentsService, ClientStatementService],
})
export class PaymentsCoreModule {}
