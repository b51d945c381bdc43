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
import { factory } from '@app/infra/core/providers';

@Module({
  imports: [SettingsModule],
  controllers: [ExportsController],
  providers: [
    factory(Gstr1DataReader, [Database], (db: Database) => new SqlGstr1Data(db)),
    factory(Gstr1FilingRepository, [Database], (db: Database) => new SqlGstr1Filings(db)),
    { provide: Gstr1WorkbookWriter, useClass: ExcelGstr1WorkbookWriter },
    { provide: Gstr3bWorkbookWriter, useClass: ExcelGstr3bWorkbookWriter },
    factory(
      GstExportsService,
      [Gstr1DataReader, BusinessSettingsRepository, Gstr1WorkbookWriter, Gstr3bWorkbookWriter, Gstr1FilingRepository, Clock],
      (r: Gstr1DataReader, s: BusinessSettingsRepository, w: Gstr1WorkbookWriter, w3: Gstr3bWorkbookWriter, f: Gstr1FilingRepository, c: Clock) =>
        new GstExportsService(r, s, w, w3, f, c),
    ),
  ],
})
export class ExportsModule {}
