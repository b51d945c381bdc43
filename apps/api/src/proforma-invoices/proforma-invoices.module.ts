import { Module } from '@nestjs/common';
import { ProformaInvoiceRepository } from '@app/domain/proforma-invoices/proforma-invoice.repository.port';
import { ProformaInvoicesService } from '@app/domain/proforma-invoices/proforma-invoices.service';
import { TypeormProformaInvoiceRepository } from '@app/infra/proforma-invoices/typeorm-proforma-invoice.repository';
import { offerDocumentProviders } from '../documents/offer-document.providers';
import { InvoicesModule } from '../invoices/invoices.module';
import { ProformaInvoicesController } from './proforma-invoices.controller';

@Module({
  imports: [InvoicesModule],
  controllers: [ProformaInvoicesController],
  providers: offerDocumentProviders(ProformaInvoiceRepository, TypeormProformaInvoiceRepository, ProformaInvoicesService),
})
export class ProformaInvoicesModule {}
