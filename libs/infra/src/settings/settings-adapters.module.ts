import { Module } from '@nestjs/common';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { Database } from '../database/database';
import { SqlBusinessSettingsRepository } from './sql-business-settings.repository';

/** The business settings store (profile, prefixes, signature, template). */
@Module({
  providers: [{ provide: BusinessSettingsRepository, useFactory: (db: Database) => new SqlBusinessSettingsRepository(db), inject: [Database] }],
  exports: [BusinessSettingsRepository],
})
export class SettingsAdaptersModule {}
