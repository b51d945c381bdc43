import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentOutputService } from '@app/domain/document-output/document-output.service';
import { DocumentSource } from '@app/domain/document-output/document-source.port';
import { ShareLinkRepository } from '@app/domain/document-output/share-link.repository.port';
import { ShareLinks } from '@app/domain/document-output/share-links';
import { PdfRenderer } from '@app/domain/documents/pdf-renderer.port';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { ClientStoreInfraModule } from '../clients/client-store-infra.module';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { SettingsInfraModule } from '../settings/settings-infra.module';
import { SqlDocumentSource } from './sql-document-source';
import { SqlShareLinkRepository } from './sql-share-link.repository';
import { make, bind, factory } from '../core/providers';

/**
 * PDFs of stored documents and their share links, on the adapters bound once here (API and worker).
 * Needs a PdfRenderer, bound by PdfRendererInfraModule in each process.
 */
@Module({
  imports: [ClientStoreInfraModule, SettingsInfraModule],
  providers: [
    bind(DocumentSource, SqlDocumentSource, [Database]),
    bind(ShareLinkRepository, SqlShareLinkRepository, [Database, SecretHasher, SecretBox]),
    factory(
      ShareLinks,
      [ShareLinkRepository, SecretHasher, APP_CONFIG],
      (links: ShareLinkRepository, secrets: SecretHasher, config: AppConfig) => new ShareLinks(links, secrets, config.publicBaseUrl),
    ),
    make(DocumentOutputService, [DocumentSource, ClientRepository, AccountRepository, BusinessSettingsRepository, PdfRenderer, ShareLinks]),
  ],
  exports: [DocumentOutputService, DocumentSource, ClientStoreInfraModule, SettingsInfraModule],
})
export class DocumentOutputInfraModule {}
