import { Module } from '@nestjs/common';
import { Clock } from '@app/domain/shared/clock.port';
import { CreditNotesService } from '@app/domain/notes/credit-notes.service';
import { CreditNoteRepository } from '@app/domain/notes/note.repository.port';
import { SourceInvoiceReader } from '@app/domain/notes/source-invoice-reader.port';
import { bind, make } from '../core/providers';
import { Database } from '../database/database';
import { DocumentsInfraModule } from '../documents/documents-infra.module';
import { NOTE_SERVICE_DEPS, noteServiceDepsProvider } from './note-service-deps.provider';
import { SqlSourceInvoiceReader } from './sql-source-invoice-reader';
import { TypeormCreditNoteRepository } from './typeorm-credit-note.repository';

/** Credit notes and their service (the API's endpoints, the storefront's refunds). */
@Module({
  imports: [DocumentsInfraModule],
  providers: [
    noteServiceDepsProvider,
    bind(CreditNoteRepository, TypeormCreditNoteRepository, [Database, Clock]),
    bind(SourceInvoiceReader, SqlSourceInvoiceReader, [Database]),
    make(CreditNotesService, [CreditNoteRepository, SourceInvoiceReader, NOTE_SERVICE_DEPS]),
  ],
  exports: [CreditNoteRepository, CreditNotesService],
})
export class CreditNotesInfraModule {}
