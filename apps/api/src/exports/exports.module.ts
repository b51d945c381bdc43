import { Module } from '@nestjs/common';
import { Gstr1DataReader, Gstr1FilingRepository, Gstr1WorkbookWriter, Gstr3bWorkbookWriter } from '@app/domain/gst-returns/gst-exports.port';
import { GstExportsService } from '@app/domain/gst-returns/gst-exports.service';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '@app/infra/database/database';
import { ExcelGstr1WorkbookWriter } from '@app/infra/gst-returns/gstr1-workbook';
import { ExcelGstr3bWorkbookWriter } from '@app/infra/gst-returns/gstr3b-workbook';
import { SqlGstr1Data } from '@app/infra/gst-returns/sql-gstr1-data';
import { SqlGstr1Filings } from '@app/infra/gst-returns/sql-gstr1-filings';
import { SettingsModule } from '../settings/settings.module';
import { ExportsController } from './exports.controller';

@Module({
  imports: [SettingsModule],
  controllers: [ExportsController],
  providers: [
    { provide: Gstr1DataReader, useFactory: (db: Database) => new SqlGstr1Data(db), inject: [Database] },
    { provide: Gstr1FilingRepository, useFactory: (db: Database) => new SqlGstr1Filings(db), inject: [Database] },
    { provide: Gstr1WorkbookWriter, useClass: ExcelGstr1WorkbookWriter },
    { provide: Gstr3bWorkbookWriter, useClass: ExcelGstr3bWorkbookWriter },
    {
      provide: GstExportsService,
      useFactory: (r: Gstr1DataReader, s: BusinessSettingsRepository, w: Gstr1WorkbookWriter, w3: Gstr3bWorkbookWriter, f: Gstr1FilingRepository, c: Clock) =>
        new GstExportsService(r, s, w, w3, f, c),
      inject: [Gstr1DataReader, BusinessSettingsRepository, Gstr1WorkbookWriter, Gstr3bWorkbookWriter, Gstr1FilingRepository, Clock],
    },
  ],
})
export class ExportsModule {}
