import { Module } from '@nestjs/common';
import { DebitNoteRepository } from '@app/domain/notes/note.repository.port';
import { DebitNotesService } from '@app/domain/notes/debit-notes.service';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '@app/infra/database/database';
import { TypeormDebitNoteRepository } from '@app/infra/notes/typeorm-debit-note.repository';
import { DocumentsCoreModule } from '@app/infra/documents/documents-core.module';
import { NOTE_SERVICE_DEPS, noteServiceDepsProvider } from '@app/infra/notes/note-service-deps.provider';
import { DebitNotesController } from './debit-notes.controller';
import { make, bind } from '@app/infra/core/providers';

@Module({
  imports: [DocumentsCoreModule],
  controllers: [DebitNotesController],
  providers: [
    noteServiceDepsProvider,
    bind(DebitNoteRepository, TypeormDebitNoteRepository, [Database, Clock]),
    make(DebitNotesService, [DebitNoteRepository, NOTE_SERVICE_DEPS]),
  ],
  exports: [DebitNoteRepository, DebitNotesService],
})
export class DebitNotesModule {}
