import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientDependents, ClientRepository } from '@app/domain/clients/client.repository.port';
import { ClientsService } from '@app/domain/clients/clients.service';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from '@app/infra/database/database';
import { ClientAdaptersModule } from '@app/infra/clients/client-adapters.module';
import { SqlClientDependents } from '@app/infra/clients/sql-client-dependents';
import { TypeormInventoryRepository } from '@app/infra/inventory/typeorm-inventory.repository';
import { PLAN_POLICY } from '../core/tokens';
import { ClientsController } from './clients.controller';
import { make } from '@app/infra/core/providers';

@Module({
  imports: [ClientAdaptersModule],
  controllers: [ClientsController],
  providers: [
    {
      provide: ClientDependents,
      useFactory: (db: Database, clock: Clock) => new SqlClientDependents(db, new TypeormInventoryRepository(db, clock)),
      inject: [Database, Clock],
    },
    make(ClientsService, [ClientRepository, ClientDependents, AccountRepository, TransactionRunner, Clock, PLAN_POLICY, ActivityRecorder]),
  ],
  exports: [ClientAdaptersModule, ClientsService],
})
export class ClientsModule {}
