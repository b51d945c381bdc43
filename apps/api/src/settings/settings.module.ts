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
import { make } from '@app/infra/core/providers';

@Module({
  imports: [SettingsAdaptersModule, CaSyncAdaptersModule],
  controllers: [SettingsController, ApiKeySettingsController, CaSyncSettingsController],
  providers: [
    make(BusinessProfileService, [AccountRepository, BusinessSettingsRepository, TransactionRunner, ActivityRecorder]),
    make(CaSyncService, [CaSyncRepository, CaSyncQueue, Clock]),
  ],
  exports: [SettingsAdaptersModule],
})
export class SettingsModule {}
