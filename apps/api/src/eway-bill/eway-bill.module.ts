import { Logger, Module } from '@nestjs/common';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentSource } from '@app/domain/document-output/document-source.port';
import { EwayBillRegistry, EwayBills, EwayBillSchemaValidator } from '@app/domain/eway-bill/eway-bill.port';
import { EwayBillService } from '@app/domain/eway-bill/eway-bill.service';
import { Clock } from '@app/domain/shared/clock.port';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { AjvEwayBillValidator } from '@app/infra/eway-bill/ajv-eway-bill-validator';
import { HttpEwayBillRegistry } from '@app/infra/eway-bill/http-eway-bill-registry';
import { SqlEwayBills } from '@app/infra/eway-bill/sql-eway-bills';
import { ClientsModule } from '../clients/clients.module';
import { APP_CONFIG } from '../core/tokens';
import { DocumentOutputModule } from '../document-output/document-output.module';
import { EwayBillController } from './eway-bill.controller';
import { factory } from '@app/infra/core/providers';

/** e-way bills of invoices: generation, cancellation and extension through the NIC e-way bill system, and the bulk file. */
@Module({
  imports: [DocumentOutputModule, ClientsModule],
  controllers: [EwayBillController],
  providers: [
    factory(EwayBills, [Database], (db: Database) => new SqlEwayBills(db)),
    // The token's expiry is judged by the service's clock, as every other time rule.
    factory(EwayBillRegistry, [APP_CONFIG, Clock], (config: AppConfig, clock: Clock) => new HttpEwayBillRegistry(config.ewayBill, () => clock.now().getTime())),
    { provide: EwayBillSchemaValidator, useClass: AjvEwayBillValidator },
    factory(
      EwayBillService,
      [DocumentSource, ClientRepository, EwayBillRegistry, EwayBills, Clock, EwayBillSchemaValidator, APP_CONFIG],
      (
        source: DocumentSource,
        clients: ClientRepository,
        registry: EwayBillRegistry,
        bills: EwayBills,
        clock: Clock,
        validator: EwayBillSchemaValidator,
        config: AppConfig,
      ) => {
        const logger = new Logger('EwayBill');
        return new EwayBillService(source, clients, registry, bills, clock, {
          threshold: String(config.ewayBill.threshold),
          validator,
          warn: (m) => logger.warn(m),
        });
      },
    ),
  ],
})
export class EwayBillModule {}
