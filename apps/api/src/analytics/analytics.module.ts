import { Module } from '@nestjs/common';
import { AnalyticsReader } from '@app/domain/analytics/analytics-reader.port';
import { AnalyticsService } from '@app/domain/analytics/analytics.service';
import { AnswerCache } from '@app/domain/analytics/answer-cache';
import { AgeingWorkbookWriter, ReceivablesAgeingReader, ReceivablesAgeingService } from '@app/domain/analytics/receivables-ageing';
import { ExcelAgeingWorkbookWriter } from '@app/infra/analytics/ageing-workbook';
import { SqlReceivablesAgeingReader } from '@app/infra/analytics/sql-receivables-ageing-reader';
import { Clock } from '@app/domain/shared/clock.port';
import { SqlAnalyticsReader } from '@app/infra/analytics/sql-analytics-reader';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { APP_CONFIG } from '../core/tokens';
import { AnalyticsController } from './analytics.controller';
import { bind, factory } from '@app/infra/core/providers';

/** Ageing answers kept at most (oldest dropped first). */
const AGEING_ANSWERS = 100;

@Module({
  controllers: [AnalyticsController],
  providers: [
    bind(AnalyticsReader, SqlAnalyticsReader, [Database]),
    bind(ReceivablesAgeingReader, SqlReceivablesAgeingReader, [Database]),
    { provide: AgeingWorkbookWriter, useFactory: () => new ExcelAgeingWorkbookWriter() },
    factory(
      ReceivablesAgeingService,
      [ReceivablesAgeingReader, Clock, AgeingWorkbookWriter, AnalyticsReader, APP_CONFIG],
      (reader: ReceivablesAgeingReader, clock: Clock, workbook: AgeingWorkbookWriter, versions: AnalyticsReader, config: AppConfig) =>
        new ReceivablesAgeingService(
          reader,
          clock,
          workbook,
          config.analyticsCache ? { answers: new AnswerCache(5 * 60_000, AGEING_ANSWERS), versions } : undefined,
        ),
    ),
    factory(
      AnalyticsService,
      [AnalyticsReader, Clock, APP_CONFIG],
      (r: AnalyticsReader, clock: Clock, config: AppConfig) => new AnalyticsService(r, clock, config.analyticsCache ? new AnswerCache() : undefined),
    ),
  ],
})
export class AnalyticsModule {}
