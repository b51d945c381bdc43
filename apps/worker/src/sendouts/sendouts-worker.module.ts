import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { DocumentOutputService } from '@app/domain/document-output/document-output.service';
import { DeliverSendout, DeliveryOptions, DeliveryRecording } from '@app/domain/sendouts/deliver-sendout.use-case';
import { Mailer } from '@app/domain/sendouts/mailer.port';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import { SendoutRepository } from '@app/domain/sendouts/sendout.repository.port';
import { SweepSendouts } from '@app/domain/sendouts/sweep-sendouts.use-case';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { ActivityLog } from '@app/domain/activity/activity-log.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { DocumentOutputAdaptersModule } from '@app/infra/document-output/document-output-adapters.module';
import { SendoutAdaptersModule } from '@app/infra/sendouts/sendout-adapters.module';
import { SendoutProcessor } from './sendout.processor';
import { SendoutSweepSchedule } from './sendout-sweep.schedule';

const SENDOUT_RECORDING = Symbol('SENDOUT_RECORDING');
const DELIVERY_OPTIONS = Symbol('DELIVERY_OPTIONS');

/** Email delivery of sendouts: the queue processor and the outbox sweeper, on the adapters of libs/infra. */
@Module({
  imports: [SendoutAdaptersModule, DocumentOutputAdaptersModule],
  providers: [
    {
      // What a delivery needs to know besides its collaborators: the sender, the attempt budget, where outcomes go.
      provide: DELIVERY_OPTIONS,
      useFactory: (config: AppConfig, recording: DeliveryRecording): DeliveryOptions => ({
        mailFrom: config.mailFrom,
        maxAttempts: config.queue.sendoutMaxAttempts,
        recording,
      }),
      inject: [APP_CONFIG, SENDOUT_RECORDING],
    },
    {
      provide: DeliverSendout,
      useFactory: (
        sendouts: SendoutRepository,
        accounts: AccountRepository,
        output: DocumentOutputService,
        mailer: Mailer,
        secrets: SecretHasher,
        clock: Clock,
        options: DeliveryOptions,
      ) => new DeliverSendout(sendouts, accounts, output, mailer, secrets, clock, options),
      inject: [SendoutRepository, AccountRepository, DocumentOutputService, Mailer, SecretHasher, Clock, DELIVERY_OPTIONS],
    },
    {
      provide: SweepSendouts,
      useFactory: (sendouts: SendoutRepository, queue: SendoutQueue, clock: Clock, config: AppConfig, recording: DeliveryRecording) =>
        new SweepSendouts(
          sendouts,
          queue,
          clock,
          { sweepAfterMs: config.queue.sweepAfterMs, leaseMs: config.queue.sendoutLeaseMs, maxAttempts: config.queue.sendoutMaxAttempts, batchSize: 500 },
          recording,
        ),
      inject: [SendoutRepository, SendoutQueue, Clock, APP_CONFIG, SENDOUT_RECORDING],
    },
    // An email's final outcome is recorded on the activity log (sendout.sent|failed) in the row's transaction.
    {
      provide: SENDOUT_RECORDING,
      useFactory: (tx: TransactionRunner, activity: ActivityLog): DeliveryRecording => ({ tx, activity }),
      inject: [TransactionRunner, ActivityLog],
    },
    SendoutProcessor,
    SendoutSweepSchedule,
  ],
})
export class SendoutsWorkerModule {}
