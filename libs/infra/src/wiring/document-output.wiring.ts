import { DocumentOutputService } from '@app/domain/document-output/document-output.service';
import { ShareLinks } from '@app/domain/document-output/share-links';
import { PdfRenderer } from '@app/domain/documents/pdf-renderer.port';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { TypeormAccountRepository } from '../accounts/typeorm-account.repository';
import { TypeormClientRepository } from '../clients/typeorm-client.repository';
import type { AppConfig } from '../config/app-config';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { SqlDocumentSource } from '../document-output/sql-document-source';
import { SqlShareLinkRepository } from '../document-output/sql-share-link.repository';
import { SqlBusinessSettingsRepository } from '../settings/sql-business-settings.repository';

/** The adapters a DocumentOutputService reads through, on one database. */
export function documentOutputAdapters(db: Database, clock: Clock) {
  return {
    source: new SqlDocumentSource(db),
    clients: new TypeormClientRepository(db, clock),
    accounts: new TypeormAccountRepository(db),
    settings: new SqlBusinessSettingsRepository(db),
  };
}

/** A DocumentOutputService outside the API's Nest modules (the worker), on the given renderer. */
export function createDocumentOutputService(
  db: Database,
  clock: Clock,
  secrets: SecretHasher,
  config: Pick<AppConfig, 'publicBaseUrl' | 'encryptionKey'>,
  renderer: PdfRenderer,
) {
  const adapters = documentOutputAdapters(db, clock);
  const links = new ShareLinks(new SqlShareLinkRepository(db, secrets, new SecretBox(config.encryptionKey)), secrets, config.publicBaseUrl);
  const output = new DocumentOutputService(adapters.source, adapters.clients, adapters.accounts, adapters.settings, renderer, links);
  return { ...adapters, output };
}
