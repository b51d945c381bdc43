import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientDependents, ClientRepository } from '@app/domain/clients/client.repository.port';
import { ClientsService } from '@app/domain/clients/clients.service';
import { InventoryRepository } from '@app/domain/inventory/inventory.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { PLAN_POLICY } from '../config/app-config.token';
import { bind, make } from '../core/providers';
import { Database } from '../database/database';
import { InventoryInfraModule } from '../inventory/inventory-infra.module';
import { ClientStoreInfraModule } from './client-store-infra.module';
import { SqlClientDependents } from './sql-client-dependents';

/** Clients and their service (the API's endpoints, the storefront's imported customers). */
@Module({
  imports: [ClientStoreInfraModule, InventoryInfraModule],
  providers: [
    bind(ClientDependents, SqlClientDependents, [Database, InventoryRepository, Clock]),
    make(ClientsService, [ClientRepository, ClientDependents, AccountRepository, TransactionRunner, Clock, PLAN_POLICY, ActivityRecorder]),
  ],
  exports: [ClientStoreInfraModule, ClientsService],
})
export class ClientsInfraModule {}
