import { Module } from '@nestjs/common';
import { DocumentOutputAdaptersModule } from '@app/infra/document-output/document-output-adapters.module';
import { DocumentsController, InvoicesBulkPdfController, PublicShareController } from './document-output.controller';

/** PDFs, bulk ZIP and share links over HTTP; the service and its adapters are bound in libs/infra, as in the worker. */
@Module({
  imports: [DocumentOutputAdaptersModule],
  controllers: [DocumentsController, PublicShareController, InvoicesBulkPdfController],
  exports: [DocumentOutputAdaptersModule],
})
export class DocumentOutputModule {}
