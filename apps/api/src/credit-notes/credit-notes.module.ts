import { Module } from '@nestjs/common';
import { CreditNoteRepository } from '@app/domain/notes/note.repository.port';
import { CreditNotesService } from '@app/domain/notes/credit-notes.service';
import { SourceInvoiceReader } from '@app/domain/notes/source-invoice-reader.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '@app/infra/database/database';
import { TypeormCreditNoteRepository } from '@app/infra/notes/typeorm-credit-note.repository';
import { SqlSourceInvoiceReader } from '@app/infra/notes/sql-source-invoice-reader';
import { DocumentsCoreModule } from '../documents/documents-core.module';
import { NOTE_SERVICE_DEPS, noteServiceDepsProvider } from '../notes/note-service-deps.provider';
import { CreditNotesController } from './credit-notes.controller';
import { make, bind } from '@app/infra/core/providers';

@Module({
  imports: [DocumentsCoreModule],
  controllers: [CreditNotesController],
  providers: [
    noteServiceDepsProvider,
    bind(CreditNoteRepository, TypeormCreditNoteRepository, [Database, Clock]),
    bind(SourceInvoiceReader, SqlSourceInvoiceReader, [Database]),
    make(CreditNotesService, [CreditNoteRepository, SourceInvoiceReader, NOTE_SERVICE_DEPS]),
  ],
  exports: [CreditNoteRepository, CreditNotesService],
})
export class CreditNotesModule {}
