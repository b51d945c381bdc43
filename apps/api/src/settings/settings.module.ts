import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { BusinessProfileService } from '@app/domain/settings/business-profile.service';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from '@app/infra/database/typeorm-transaction-runner';
import { SqlBusinessSettingsRepository } from '@app/infra/settings/sql-business-settings.repository';
import { ApiKeySettingsController, SettingsController } from './settings.controller';

@Module({
  controllers: [SettingsController, ApiKeySettingsController],
  providers: [
    { provide: BusinessSettingsRepository, useFactory: (db: Database) => new SqlBusinessSettingsRepository(db), inject: [Database] },
    {
      provide: BusinessProfileService,
      useFactory: (a: AccountRepository, s: BusinessSettingsRepository, tx: TransactionRunner, act: ActivityRecorder) =>
        new BusinessProfileService(a, s, tx, act),
      inject: [AccountRepository, BusinessSettingsRepository, TransactionRunner, ActivityRecorder],
    },
  ],
  exports: [BusinessSettingsRepository],
})
export class SettingsModule {}
