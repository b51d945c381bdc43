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
import { bind, make, factory } from '../core/providers';
import { Database } from '../database/database';
import { TypeormTransactionRunner } from '../database/typeorm-transaction-runner';
import { DocumentsInfraModule } from '../documents/documents-infra.module';
import { SqlReceivableDocuments } from './sql-receivable-documents';
import { SqlStatementReader } from './sql-statement-reader';
import { TypeormPaymentRepository } from './typeorm-payment.repository';

/**
 * Payments, their allocations and the ledger that settles invoices and debit notes by them (the API's payments, and
 * the invoice and debit-note services, whose payment-status updates the ledger follows), and client statements.
 *
 * The payments' transactions run in READ COMMITTED: what they check is guarded by row locks (each document's row,
 * locked first by every change of its allocations, then the payment's), and their locking reads of a document's
 * allocations then lock the rows they find and no gaps. Under REPEATABLE READ those reads also locked the gap where a
 * document without allocations would have them, which is the gap where the next new invoices' allocations go:
 * concurrent receipts for different invoices locked it together, then each waited to insert into it, and one was
 * rolled back as a deadlock (about one in six of 20 concurrent receipts, docs/performance.md "Receivables").
 */
@Module({
  imports: [DocumentsInfraModule],
  providers: [
    bind(PaymentRepository, TypeormPaymentRepository, [Database, Clock]),
    bind(ReceivableDocuments, SqlReceivableDocuments, [Database, Clock]),
    make(PaymentLedger, [PaymentRepository, ReceivableDocuments, ActivityRecorder, Clock]),
    factory(
      PaymentsService,
      [PaymentRepository, PaymentLedger, ClientRepository, DocumentNumbering, Database, Clock, ActivityRecorder],
      (
        payments: PaymentRepository,
        ledger: PaymentLedger,
        clients: ClientRepository,
        numbering: DocumentNumbering,
        db: Database,
        clock: Clock,
        activity: ActivityRecorder,
      ) => new PaymentsService(payments, ledger, clients, numbering, new TypeormTransactionRunner(db, 'READ COMMITTED'), clock, activity),
    ),
    bind(StatementReader, SqlStatementReader, [Database]),
    make(ClientStatementService, [StatementReader, ClientRepository, Clock]),
  ],
  exports: [PaymentRepository, PaymentLedger, PaymentsService, ClientStatementService],
})
export class PaymentsInfraModule {}
