import { Module } from '@nestjs/common';
import { AnalyticsReader } from '@app/domain/analytics/analytics-reader.port';
import { AnalyticsService } from '@app/domain/analytics/analytics.service';
import { Clock } from '@app/domain/shared/clock.port';
import { SqlAnalyticsReader } from '@app/infra/analytics/sql-analytics-reader';
import { Database } from '@app/infra/database/database';
import { AnalyticsController } from './analytics.controller';

@Module({
  controllers: [AnalyticsController],
  providers: [
    { provide: AnalyticsReader, useFactory: (db: Database) => new SqlAnalyticsReader(db), inject: [Database] },
    { provide: AnalyticsService, useFactory: (r: AnalyticsReader, clock: Clock) => new AnalyticsService(r, clock), inject: [AnalyticsReader, Clock] },
  ],
})
export class AnalyticsModule {}
