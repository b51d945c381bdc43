import { Module } from '@nestjs/common';
import { QuotationRepository } from '@app/domain/quotations/quotation.repository.port';
import { QuotationsService } from '@app/domain/quotations/quotations.service';
import { TypeormQuotationRepository } from '@app/infra/quotations/typeorm-quotation.repository';
import { offerDocumentProviders } from '../documents/offer-document.providers';
import { InvoicesModule } from '../invoices/invoices.module';
import { QuotationsController } from './quotations.controller';

@Module({
  imports: [InvoicesModule],
  controllers: [QuotationsController],
  providers: offerDocumentProviders(QuotationRepository, TypeormQuotationRepository, QuotationsService),
})
export class QuotationsModule {}
