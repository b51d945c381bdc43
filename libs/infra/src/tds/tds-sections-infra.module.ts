import { Module } from '@nestjs/common';
import { TdsSectionRepository } from '@app/domain/tds/tds-section.repository.port';
import { bind } from '../core/providers';
import { Database } from '../database/database';
import { SqlTdsSectionRepository } from './sql-tds-section.repository';

/** The account's TDS sections, which invoices and expenses name. */
@Module({
  providers: [bind(TdsSectionRepository, SqlTdsSectionRepository, [Database])],
  exports: [TdsSectionRepository],
})
export class TdsSectionsInfraModule {}
