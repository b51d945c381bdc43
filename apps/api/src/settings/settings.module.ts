import { Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { CaSyncQueue, CaSyncRepository } from '@app/domain/ca-sync/ca-sync.port';
import { CaSyncService } from '@app/domain/ca-sync/ca-sync.service';
import { Clock } from '@app/domain/shared/clock.port';
import { AppConfig } from '@app/infra/config/app-config';
import { SqlCaSyncRepository } from '@app/infra/ca-sync/sql-ca-sync.repository';
import { BullmqCaSyncQueue } from '@app/infra/queue/bullmq-ca-sync';
import { APP_CONFIG } from '../core/tokens';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { BusinessProfileService } from '@app/domain/settings/business-profile.service';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from '@app/infra/database/database';
import { SqlBusinessSettingsRepository } from '@app/infra/settings/sql-business-settings.repository';
import { ApiKeySettingsController, CaSyncSettingsController, SettingsController } from './settings.controller';

@Injectable()
class CaSyncQueueShutdown implements OnApplicationShutdown {
  constructor(@Inject(CaSyncQueue) private readonly queue: BullmqCaSyncQueue) {}
  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

@Module({
  controllers: [SettingsController, ApiKeySettingsController, CaSyncSettingsController],
  providers: [
    { provide: BusinessSettingsRepository, useFactory: (db: Database) => new SqlBusinessSettingsRepository(db), inject: [Database] },
    {
      provide: BusinessProfileService,
      useFactory: (a: AccountRepository, s: BusinessSettingsRepository, tx: TransactionRunner, act: ActivityRecorder) =>
        new BusinessProfileService(a, s, tx, act),
      inject: [AccountRepository, BusinessSettingsRepository, TransactionRunner, ActivityRecorder],
    },
    { provide: CaSyncRepository, useFactory: (db: Database) => new SqlCaSyncRepository(db), inject: [Database] },
    { provide: CaSyncQueue, useFactory: (config: AppConfig) => new BullmqCaSyncQueue(config.redisUrl, config.queue), inject: [APP_CONFIG] },
    CaSyncQueueShutdown,
    {
      provide: CaSyncService,
      useFactory: (r: CaSyncRepository, q: CaSyncQueue, clock: Clock) => new CaSyncService(r, q, clock),
      inject: [CaSyncRepository, CaSyncQueue, Clock],
    },
  ],
  exports: [BusinessSettingsRepository],
})
export class SettingsModule {}
