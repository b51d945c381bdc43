import { DynamicModule, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityLog } from '@app/domain/activity/activity-log.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { Clock, SystemClock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { TypeormAccountRepository } from '../accounts/typeorm-account.repository';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG, PLAN_POLICY } from '../config/app-config.token';
import { NodeSecretHasher } from '../crypto/node-secret-hasher';
import { SecretBox } from '../crypto/secret-box';
import { createDataSource } from '../database/data-source';
import { Database } from '../database/database';
import { ReplicaSet } from '../database/replica-set';
import { TypeormTransactionRunner } from '../database/typeorm-transaction-runner';
import { make, bind } from '../core/providers';
import { ResourceObjects, ResourceObjectSources } from '@app/domain/webhooks/resource-objects';
import { createActivityLog, createResourceObjectSources } from '../webhooks/webhook-objects';
import { factory } from './providers';

/** Closes the pools last: Nest runs every onModuleDestroy (queue workers, schedules) before any onApplicationShutdown. */
@Injectable()
class DatabaseShutdown implements OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly replicas: ReplicaSet,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.replicas.stop();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

export interface InfraCoreOptions {
  /** Connections of the pool (the driver's default when left out). */
  poolSize?: number;
}

/**
 * What every process of the service binds the same way (API, worker): the config, the database, the
 * transaction runner, the clock, secret hashing and the account and activity adapters. Global, so the
 * feature modules of libs/infra and of the apps inject them without importing this module.
 */
@Module({})
export class CoreInfraModule {
  static forRoot(config: AppConfig, options: InfraCoreOptions = {}): DynamicModule {
    return {
      module: CoreInfraModule,
      global: true,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: PLAN_POLICY, useValue: config.plans },
        { provide: DataSource, useFactory: () => createDataSource(config.databaseUrl, options.poolSize).initialize() },
        {
          provide: ReplicaSet,
          useFactory: async () => {
            const replicas = new ReplicaSet(config.databaseReplicaUrls, config.replicaMaxLagSeconds);
            if (replicas.size) await replicas.start();
            return replicas;
          },
        },
        factory(Database, [DataSource, ReplicaSet], async (ds: DataSource, replicas: ReplicaSet) => {
          const db = new Database(ds, replicas.size ? replicas : null);
          await db.detectCluster();
          return db;
        }),
        bind(TransactionRunner, TypeormTransactionRunner, [Database]),
        { provide: Clock, useClass: SystemClock },
        { provide: SecretHasher, useClass: NodeSecretHasher },
        // Seals the secrets stored for later use (webhook and shop secrets, device tokens, share links, replayed answers).
        { provide: SecretBox, useValue: new SecretBox(config.encryptionKey) },
        bind(AccountRepository, TypeormAccountRepository, [Database]),
        // Every process writes activity through the log that takes the record as the API presents it at event time: the
        // repositories it reads are bound here, the presenting ResourceObjects by the contract library's ContractModule.
        factory(ResourceObjectSources, [Database, Clock], (db: Database, clock: Clock) => createResourceObjectSources(db, clock)),
        factory(ActivityLog, [Database, ResourceObjects], (db: Database, objects: ResourceObjects) => createActivityLog(db, objects)),
        make(ActivityRecorder, [ActivityLog, Clock]),
        DatabaseShutdown,
      ],
      exports: [
        APP_CONFIG,
        PLAN_POLICY,
        DataSource,
        ReplicaSet,
        Database,
        TransactionRunner,
        Clock,
        SecretHasher,
        SecretBox,
        AccountRepository,
        ResourceObjectSources,
        ActivityLog,
        ActivityRecorder,
      ],
    };
  }
}
