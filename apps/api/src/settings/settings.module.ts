import { Module } from '@nestjs/common';
import { CaSyncQueue, CaSyncRepository } from '@app/domain/ca-sync/ca-sync.port';
import { CaSyncService } from '@app/domain/ca-sync/ca-sync.service';
import { Clock } from '@app/domain/shared/clock.port';
import { CaSyncInfraModule } from '@app/infra/ca-sync/ca-sync-infra.module';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { BusinessProfileService } from '@app/domain/settings/business-profile.service';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { SettingsInfraModule } from '@app/infra/settings/settings-infra.module';
import { ApiKeySettingsController, CaSyncSettingsController, SettingsController } from './settings.controller';
import { make } from '@app/infra/core/providers';

@Module({
  imports: [SettingsInfraModule, CaSyncInfraModule],
  controllers: [SettingsController, ApiKeySettingsController, CaSyncSettingsController],
  providers: [
    make(BusinessProfileService, [AccountRepository, BusinessSettingsRepository, TransactionRunner, ActivityRecorder]),
    make(CaSyncService, [CaSyncRepository, CaSyncQueue, Clock]),
  ],
  exports: [SettingsInfraModule],
})
export class SettingsModule {}
