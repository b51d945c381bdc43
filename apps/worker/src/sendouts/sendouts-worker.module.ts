import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { DocumentOutputService } from '@app/domain/document-output/document-output.service';
import { DeliverSendout } from '@app/domain/sendouts/deliver-sendout.use-case';
import { Mailer } from '@app/domain/sendouts/mailer.port';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import { SendoutRepository } from '@app/domain/sendouts/sendout.repository.port';
import { SweepSendouts } from '@app/domain/sendouts/sweep-sendouts.use-case';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { DocumentOutputAdaptersModule } from '@app/infra/document-output/document-output-adapters.module';
import { SendoutAdaptersModule } from '@app/infra/sendouts/sendout-adapters.module';
import { SendoutProcessor } from './sendout.processor';
import { SendoutSweepSchedule } from './sendout-sweep.schedule';

/** Email delivery of sendouts: the queue processor and the outbox sweeper, on the adapters of libs/infra. */
@Module({
  imports: [SendoutAdaptersModule, DocumentOutputAdaptersModule],
  providers: [
    {
      provide: DeliverSendout,
      useFactory: (
        sendouts: SendoutRepository,
        accounts: AccountRepository,
        output: DocumentOutputService,
        mailer: Mailer,
        secrets: SecretHasher,
        clock: Clock,
        config: AppConfig,
      ) => new DeliverSendout(sendouts, accounts, output, mailer, secrets, clock, { mailFrom: config.mailFrom, maxAttempts: config.queue.sendoutMaxAttempts }),
      inject: [SendoutRepository, AccountRepository, DocumentOutputService, Mailer, SecretHasher, Clock, APP_CONFIG],
    },
    {
      provide: SweepSendouts,
      useFactory: (sendouts: SendoutRepository, queue: SendoutQueue, clock: Clock, config: AppConfig) =>
        new SweepSendouts(sendouts, queue, clock, {
          sweepAfterMs: config.queue.sweepAfterMs,
          leaseMs: config.queue.sendoutLeaseMs,
          maxAttempts: config.queue.sendoutMaxAttempts,
          batchSize: 500,
        }),
      inject: [SendoutRepository, SendoutQueue, Clock, APP_CONFIG],
    },
    SendoutProcessor,
    SendoutSweepSchedule,
  ],
})
export class SendoutsWorkerModule {}
