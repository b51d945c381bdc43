import { Module } from '@nestjs/common';
import { CaSyncDataReader, CaSyncFileWriter, CaSyncQueue, CaSyncRepository } from '@app/domain/ca-sync/ca-sync.port';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { Database } from '../database/database';
import { BullmqCaSyncQueue } from '../queue/bullmq-ca-sync';
import { ExcelCaSyncFileWriter } from './ca-sync-files';
import { SqlCaSyncData } from './sql-ca-sync-data';
import { SqlCaSyncRepository } from './sql-ca-sync.repository';
import { bind, factory } from '../core/providers';

/** CA-sync: the settings and sends store, the queue of test sends, and the workbook's data and files. */
@Module({
  providers: [
    bind(CaSyncRepository, SqlCaSyncRepository, [Database]),
    factory(CaSyncQueue, [APP_CONFIG], (config: AppConfig) => new BullmqCaSyncQueue(config.redis, config.queue)),
    bind(CaSyncDataReader, SqlCaSyncData, [Database]),
    { provide: CaSyncFileWriter, useClass: ExcelCaSyncFileWriter },
  ],
  exports: [CaSyncRepository, CaSyncQueue, CaSyncDataReader, CaSyncFileWriter],
})
export class CaSyncInfraModule {}
