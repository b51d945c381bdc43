import { Module } from '@nestjs/common';
import { CreditNotesInfraModule } from '@app/infra/notes/credit-notes-infra.module';
import { CreditNotesController } from './credit-notes.controller';

/** `/v1/credit-notes`, on the credit notes service the storefront's refunds use too. */
@Module({
  imports: [CreditNotesInfraModule],
  controllers: [CreditNotesController],
  exports: [CreditNotesInfraModule],
})
export class CreditNotesModule {}
