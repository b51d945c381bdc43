import { Module } from '@nestjs/common';
import { DocumentOutputInfraModule } from '@app/infra/document-output/document-output-infra.module';
import { DocumentsController, InvoicesBulkPdfController, PublicShareController } from './document-output.controller';

/** PDFs, bulk ZIP and share links over HTTP; the service and its adapters are bound in libs/infra, as in the worker. */
@Module({
  imports: [DocumentOutputInfraModule],
  controllers: [DocumentsController, PublicShareController, InvoicesBulkPdfController],
  exports: [DocumentOutputInfraModule],
})
export class DocumentOutputModule {}
