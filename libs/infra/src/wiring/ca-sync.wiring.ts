import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { SendCaSync } from '@app/domain/ca-sync/send-ca-sync.use-case';
import { Mailer } from '@app/domain/sendouts/mailer.port';
import { Clock } from '@app/domain/shared/clock.port';
import type { AppConfig } from '../config/app-config';
import { ExcelCaSyncFileWriter } from '../ca-sync/ca-sync-files';
import { SqlCaSyncData } from '../ca-sync/sql-ca-sync-data';
import { SqlCaSyncRepository } from '../ca-sync/sql-ca-sync.repository';
import { Database } from '../database/database';

/** The worker's CA-sync use case on one database and mailer. */
export function createCaSync(db: Database, accounts: AccountRepository, mailer: Mailer, clock: Clock, config: Pick<AppConfig, 'mailFrom'>) {
  const repo = new SqlCaSyncRepository(db);
  const send = new SendCaSync(repo, new SqlCaSyncData(db), new ExcelCaSyncFileWriter(), accounts, mailer, clock, { mailFrom: config.mailFrom });
  return { repo, send };
}
