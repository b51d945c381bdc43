import { Module } from '@nestjs/common';
import { DocumentOutputService } from '@app/domain/document-output/document-output.service';
import { DocumentSource } from '@app/domain/document-output/document-source.port';
import { PdfRenderer } from '@app/domain/documents/pdf-renderer.port';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { createDocumentOutputService } from '@app/infra/wiring/document-output.wiring';
import { APP_CONFIG } from '../core/tokens';
import { SettingsModule } from '../settings/settings.module';
import { PdfRendererModule } from './pdf-renderer.module';
import { DocumentsController, InvoicesBulkPdfController, PublicShareController } from './documents.controller';

const OUTPUT_PARTS = 'DOCUMENT_OUTPUT_PARTS';

/** PDFs, bulk ZIP and share links; built by the same wiring the worker uses. */
@Module({
  imports: [SettingsModule, PdfRendererModule],
  controllers: [DocumentsController, PublicShareController, InvoicesBulkPdfController],
  providers: [
    {
      provide: OUTPUT_PARTS,
      useFactory: (db: Database, clock: Clock, secrets: SecretHasher, config: AppConfig, renderer: PdfRenderer) =>
        createDocumentOutputService(db, clock, secrets, config, renderer),
      inject: [Database, Clock, SecretHasher, APP_CONFIG, PdfRenderer],
    },
    { provide: DocumentOutputService, useFactory: (parts: { output: DocumentOutputService }) => parts.output, inject: [OUTPUT_PARTS] },
    { provide: DocumentSource, useFactory: (parts: { source: DocumentSource }) => parts.source, inject: [OUTPUT_PARTS] },
  ],
  exports: [DocumentOutputService, DocumentSource],
})
export class DocumentOutputModule {}
