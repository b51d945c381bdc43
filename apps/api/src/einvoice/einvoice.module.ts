import { Logger, Module } from '@nestjs/common';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentSource } from '@app/domain/document-output/document-source.port';
import { EInvoiceAnswerVerifier, EInvoiceRegistrations, EInvoiceRegistry, IrpSchemaValidator } from '@app/domain/einvoice/einvoice.port';
import { EInvoiceChecks, EInvoiceService } from '@app/domain/einvoice/einvoice.service';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { Clock } from '@app/domain/shared/clock.port';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { AjvIrpValidator } from '@app/infra/einvoice/ajv-irp-validator';
import { HttpEInvoiceRegistry } from '@app/infra/einvoice/http-einvoice-registry';
import { NodeEInvoiceVerifier } from '@app/infra/einvoice/node-einvoice-verifier';
import { SqlEInvoiceRegistrations } from '@app/infra/einvoice/sql-einvoice-registrations';
import { ClientsModule } from '../clients/clients.module';
import { APP_CONFIG } from '../core/tokens';
import { DocumentOutputModule } from '../document-output/document-output.module';
import { SettingsModule } from '../settings/settings.module';
import { CreditNoteEInvoiceController, DebitNoteEInvoiceController, EInvoiceController } from './einvoice.controller';
import { factory } from '@app/infra/core/providers';

/** The schema validator, the answer verifier and the log of answers that do not verify, for EInvoiceService. */
const EINVOICE_CHECKS = 'EINVOICE_CHECKS';

/** e-invoicing of invoices, credit notes and debit notes: IRN registration and cancellation through the portal, and the IRP JSON. */
@Module({
  imports: [SettingsModule, DocumentOutputModule, ClientsModule],
  controllers: [EInvoiceController, CreditNoteEInvoiceController, DebitNoteEInvoiceController],
  providers: [
    factory(EInvoiceRegistrations, [Database], (db: Database) => new SqlEInvoiceRegistrations(db)),
    factory(EInvoiceRegistry, [APP_CONFIG], (config: AppConfig) => new HttpEInvoiceRegistry(config.einvoice)),
    { provide: IrpSchemaValidator, useClass: AjvIrpValidator },
    factory(EInvoiceAnswerVerifier, [APP_CONFIG], (config: AppConfig) => new NodeEInvoiceVerifier(config.einvoice.qrPublicKey)),
    factory(
      EINVOICE_CHECKS,
      [IrpSchemaValidator, EInvoiceAnswerVerifier],
      (validator: IrpSchemaValidator, verifier: EInvoiceAnswerVerifier): EInvoiceChecks => {
        const logger = new Logger('EInvoice');
        return { validator, verifier, warn: (m) => logger.warn(m) };
      },
    ),
    factory(
      EInvoiceService,
      [DocumentSource, ClientRepository, BusinessSettingsRepository, EInvoiceRegistry, EInvoiceRegistrations, Clock, EINVOICE_CHECKS],
      (
        source: DocumentSource,
        clients: ClientRepository,
        settings: BusinessSettingsRepository,
        registry: EInvoiceRegistry,
        registrations: EInvoiceRegistrations,
        clock: Clock,
        checks: EInvoiceChecks,
      ) => new EInvoiceService(source, clients, settings, registry, registrations, clock, checks),
    ),
  ],
})
export class EInvoiceModule {}
