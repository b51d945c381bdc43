import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientDependents, ClientRepository } from '@app/domain/clients/client.repository.port';
import { ClientsService } from '@app/domain/clients/clients.service';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { ClientAdaptersModule } from '@app/infra/clients/client-adapters.module';
import { SqlClientDependents } from '@app/infra/clients/sql-client-dependents';
import { TypeormInventoryRepository } from '@app/infra/inventory/typeorm-inventory.repository';
import { APP_CONFIG } from '../core/tokens';
import { ClientsController } from './clients.controller';

@Module({
  imports: [ClientAdaptersModule],
  controllers: [ClientsController],
  providers: [
    {
      provide: ClientDependents,
      useFactory: (db: Database, clock: Clock) => new SqlClientDependents(db, new TypeormInventoryRepository(db, clock)),
      inject: [Database, Clock],
    },
    {
      provide: ClientsService,
      useFactory: (
        c: ClientRepository,
        d: ClientDependents,
        a: AccountRepository,
        tx: TransactionRunner,
        clock: Clock,
        config: AppConfig,
        act: ActivityRecorder,
      ) => new ClientsService(c, d, a, tx, clock, config.plans, act),
      inject: [ClientRepository, ClientDependents, AccountRepository, TransactionRunner, Clock, APP_CONFIG, ActivityRecorder],
    },
  ],
  exports: [ClientAdaptersModule, ClientsService],
})
export class ClientsModule {}
