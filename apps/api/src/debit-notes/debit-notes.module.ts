import { Module } from '@nestjs/common';
import { DebitNoteRepository } from '@app/domain/notes/note.repository.port';
import { DebitNotesService } from '@app/domain/notes/debit-notes.service';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '@app/infra/database/database';
import { TypeormDebitNoteRepository } from '@app/infra/notes/typeorm-debit-note.repository';
import { DocumentsInfraModule } from '@app/infra/documents/documents-infra.module';
import { NOTE_SERVICE_DEPS, noteServiceDepsProvider } from '@app/infra/notes/note-service-deps.provider';
import { DebitNotesController } from './debit-notes.controller';
import { bind, factory } from '@app/infra/core/providers';
import { NoteServiceDeps } from '@app/domain/notes/notes.service';
import { PaymentLedger } from '@app/domain/payments/payment-ledger';
import { PaymentsInfraModule } from '@app/infra/payments/payments-infra.module';

@Module({
  imports: [DocumentsInfraModule, PaymentsInfraModule],
  controllers: [DebitNotesController],
  providers: [
    noteServiceDepsProvider,
    bind(DebitNoteRepository, TypeormDebitNoteRepository, [Database, Clock]),
    factory(
      DebitNotesService,
      [DebitNoteRepository, NOTE_SERVICE_DEPS, PaymentLedger],
      (notes: DebitNoteRepository, deps: NoteServiceDeps, ledger: PaymentLedger) => new DebitNotesService(notes, deps).withPayments(ledger),
    ),
  ],
  exports: [DebitNoteRepository, DebitNotesService],
})
export class DebitNotesModule {}
