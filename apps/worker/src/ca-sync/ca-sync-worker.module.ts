import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { CaSyncDataReader, CaSyncFileWriter, CaSyncRepository } from '@app/domain/ca-sync/ca-sync.port';
import { SendCaSync } from '@app/domain/ca-sync/send-ca-sync.use-case';
import { Mailer } from '@app/domain/sendouts/mailer.port';
import { Clock } from '@app/domain/shared/clock.port';
import { CaSyncInfraModule } from '@app/infra/ca-sync/ca-sync-infra.module';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { CaSyncProcessor } from './ca-sync.processor';
import { CaSyncSchedule } from './ca-sync.schedule';
import { factory } from '@app/infra/core/providers';

/** CA-sync mail: the processor of queued test sends and the monthly and quarterly schedule. */
@Module({
  imports: [CaSyncInfraModule],
  providers: [
    factory(
      SendCaSync,
      [CaSyncRepository, CaSyncDataReader, CaSyncFileWriter, AccountRepository, Mailer, Clock, APP_CONFIG],
      (
        repo: CaSyncRepository,
        reader: CaSyncDataReader,
        writer: CaSyncFileWriter,
        accounts: AccountRepository,
        mailer: Mailer,
        clock: Clock,
        config: AppConfig,
      ) => new SendCaSync(repo, reader, writer, accounts, mailer, clock, { mailFrom: config.mailFrom }),
    ),
    CaSyncProcessor,
    CaSyncSchedule,
  ],
})
export class CaSyncWorkerModule {}
