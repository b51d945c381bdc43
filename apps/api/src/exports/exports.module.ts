import { Module } from '@nestjs/common';
import { Gstr1DataReader, Gstr1WorkbookWriter } from '@app/domain/gst-returns/gst-exports.port';
import { GstExportsService } from '@app/domain/gst-returns/gst-exports.service';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { Database } from '@app/infra/database/database';
import { ExcelGstr1WorkbookWriter } from '@app/infra/gst-returns/gstr1-workbook';
import { SqlGstr1Data } from '@app/infra/gst-returns/sql-gstr1-data';
import { SettingsModule } from '../settings/settings.module';
import { ExportsController } from './exports.controller';

@Module({
  imports: [SettingsModule],
  controllers: [ExportsController],
  providers: [
    { provide: Gstr1DataReader, useFactory: (db: Database) => new SqlGstr1Data(db), inject: [Database] },
    { provide: Gstr1WorkbookWriter, useClass: ExcelGstr1WorkbookWriter },
    {
      provide: GstExportsService,
      useFactory: (r: Gstr1DataReader, s: BusinessSettingsRepository, w: Gstr1WorkbookWriter) => new GstExportsService(r, s, w),
      inject: [Gstr1DataReader, BusinessSettingsRepository, Gstr1WorkbookWriter],
    },
  ],
})
export class ExportsModule {}
