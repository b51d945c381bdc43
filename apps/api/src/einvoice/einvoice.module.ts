import { Module } from '@nestjs/common';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentSource } from '@app/domain/document-output/document-source.port';
import { EInvoiceRegistrations, EInvoiceRegistry, IrpSchemaValidator } from '@app/domain/einvoice/einvoice.port';
import { EInvoiceService } from '@app/domain/einvoice/einvoice.service';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { Clock } from '@app/domain/shared/clock.port';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { AjvIrpValidator } from '@app/infra/einvoice/ajv-irp-validator';
import { HttpEInvoiceRegistry } from '@app/infra/einvoice/http-einvoice-registry';
import { SqlEInvoiceRegistrations } from '@app/infra/einvoice/sql-einvoice-registrations';
import { ClientsModule } from '../clients/clients.module';
import { APP_CONFIG } from '../core/tokens';
import { DocumentOutputModule } from '../document-output/document-output.module';
import { SettingsModule } from '../settings/settings.module';
import { EInvoiceController } from './einvoice.controller';

/** e-invoicing: IRN registration and cancellation through the portal, and the IRP JSON. */
@Module({
  imports: [SettingsModule, DocumentOutputModule, ClientsModule],
  controllers: [EInvoiceController],
  providers: [
    { provide: EInvoiceRegistrations, useFactory: (db: Database) => new SqlEInvoiceRegistrations(db), inject: [Database] },
    { provide: EInvoiceRegistry, useFactory: (config: AppConfig) => new HttpEInvoiceRegistry(config.einvoice), inject: [APP_CONFIG] },
    { provide: IrpSchemaValidator, useClass: AjvIrpValidator },
    {
      provide: EInvoiceService,
      useFactory: (
        source: DocumentSource,
        clients: ClientRepository,
        settings: BusinessSettingsRepository,
        registry: EInvoiceRegistry,
        registrations: EInvoiceRegistrations,
        validator: IrpSchemaValidator,
        clock: Clock,
      ) => new EInvoiceService(source, clients, settings, registry, registrations, validator, clock),
      inject: [DocumentSource, ClientRepository, BusinessSettingsRepository, EInvoiceRegistry, EInvoiceRegistrations, IrpSchemaValidator, Clock],
    },
  ],
})
export class EInvoiceModule {}
