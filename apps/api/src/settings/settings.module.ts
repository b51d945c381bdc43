import { Module } from '@nestjs/common';
import { CaSyncQueue, CaSyncRepository } from '@app/domain/ca-sync/ca-sync.port';
import { CaSyncService } from '@app/domain/ca-sync/ca-sync.service';
import { Clock } from '@app/domain/shared/clock.port';
import { CaSyncAdaptersModule } from '@app/infra/ca-sync/ca-sync-adapters.module';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { BusinessProfileService } from '@app/domain/settings/business-profile.service';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { SettingsAdaptersModule } from '@app/infra/settings/settings-adapters.module';
import { ApiKeySettingsController, CaSyncSettingsController, SettingsController } from './settings.controller';

@Module({
  imports: [SettingsAdaptersModule, CaSyncAdaptersModule],
  controllers: [SettingsController, ApiKeySettingsController, CaSyncSettingsController],
  providers: [
    {
      provide: BusinessProfileService,
      useFactory: (a: AccountRepository, s: BusinessSettingsRepository, tx: TransactionRunner, act: ActivityRecorder) =>
        new BusinessProfileService(a, s, tx, act),
      inject: [AccountRepository, BusinessSettingsRepository, TransactionRunner, ActivityRecorder],
    },
    {
      provide: CaSyncService,
      useFactory: (r: CaSyncRepository, q: CaSyncQueue, clock: Clock) => new CaSyncService(r, q, clock),
      inject: [CaSyncRepository, CaSyncQueue, Clock],
    },
  ],
  exports: [SettingsAdaptersModule],
})
export class SettingsModule {}
