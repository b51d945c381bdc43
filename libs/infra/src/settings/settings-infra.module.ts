import { Module } from '@nestjs/common';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { Database } from '../database/database';
import { SqlBusinessSettingsRepository } from './sql-business-settings.repository';
import { bind } from '../core/providers';

/** The business settings store (profile, prefixes, signature, template). */
@Module({
  providers: [bind(BusinessSettingsRepository, SqlBusinessSettingsRepository, [Database])],
  exports: [BusinessSettingsRepository],
})
export class SettingsInfraModule {}
