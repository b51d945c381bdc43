import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentOutputService } from '@app/domain/document-output/document-output.service';
import { ShareLinkRepository } from '@app/domain/document-output/share-link.repository.port';
import { DocumentSource } from '@app/domain/document-output/source-document';
import { PdfRenderer } from '@app/domain/documents/pdf-renderer.port';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { AppConfig } from '@app/infra/config/app-config';
import { SecretBox } from '@app/infra/crypto/secret-box';
import { Database } from '@app/infra/database/typeorm-transaction-runner';
import { SqlDocumentSource } from '@app/infra/document-output/sql-document-source';
import { SqlShareLinkRepository } from '@app/infra/document-output/sql-share-link.repository';
import { APP_CONFIG } from '../core/tokens';
import { ClientsModule } from '../clients/clients.module';
import { SettingsModule } from '../settings/settings.module';
import { PdfRendererModule } from './pdf-renderer.module';
import { DocumentsController, InvoicesBulkPdfController, PublicShareController } from './documents.controller';

@Module({
  imports: [ClientsModule, SettingsModule, PdfRendererModule],
  controllers: [DocumentsController, PublicShareController, InvoicesBulkPdfController],
  providers: [
    { provide: DocumentSource, useFactory: (db: Database) => new SqlDocumentSource(db), inject: [Database] },
    {
      provide: ShareLinkRepository,
      useFactory: (db: Database, h: SecretHasher, config: AppConfig) => new SqlShareLinkRepository(db, h, new SecretBox(config.encryptionKey)),
      inject: [Database, SecretHasher, APP_CONFIG],
    },
    {
      provide: DocumentOutputService,
      useFactory: (src: DocumentSource, c: ClientRepository, a: AccountRepository, s: BusinessSettingsRepository, r: PdfRenderer, sh: ShareLinkRepository, h: SecretHasher, config: AppConfig) =>
        new DocumentOutputService(src, c, a, s, r, sh, h, config.publicBaseUrl),
      inject: [DocumentSource, ClientRepository, AccountRepository, BusinessSettingsRepository, PdfRenderer, ShareLinkRepository, SecretHasher, APP_CONFIG],
    },
  ],
  exports: [DocumentOutputService, DocumentSource],
})
export class DocumentOutputModule {}
