import { Module } from '@nestjs/common';
import { CreditNotesCoreModule } from '@app/infra/notes/credit-notes-core.module';
import { CreditNotesController } from './credit-notes.controller';

/** `/v1/credit-notes`, on the credit notes service the storefront's refunds use too. */
@Module({
  imports: [CreditNotesCoreModule],
  controllers: [CreditNotesController],
  exports: [CreditNotesCoreModule],
})
export class CreditNotesModule {}
