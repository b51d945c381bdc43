import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { DocumentOutputService } from '@app/domain/document-output/document-output.service';
import { DeliverSendout, DeliveryOptions, DeliveryRecording, SendoutRenderers } from '@app/domain/sendouts/deliver-sendout.use-case';
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
import { DocumentOutputInfraModule } from '@app/infra/document-output/document-output-infra.module';
import { SendoutsInfraModule } from '@app/infra/sendouts/sendouts-infra.module';
import { ReceivablesPrintInfraModule } from '@app/infra/payments/receivables-print-infra.module';
import { StatementPdfService } from '@app/domain/payments/statement-pdf';
import { make, factory } from '@app/infra/core/providers';
import { SendoutProcessor } from './sendout.processor';
import { SendoutSweepSchedule } from './sendout-sweep.schedule';

const SENDOUT_RECORDING = Symbol('SENDOUT_RECORDING');
const DELIVERY_OPTIONS = Symbol('DELIVERY_OPTIONS');
const SENDOUT_RENDERERS = Symbol('SENDOUT_RENDERERS');

/** Email delivery of sendouts: the queue processor and the outbox sweeper, on the adapters of libs/infra. */
@Module({
  imports: [SendoutsInfraModule, DocumentOutputInfraModule, ReceivablesPrintInfraModule],
  providers: [
    make(DeliverSendout, [SendoutRepository, AccountRepository, SENDOUT_RENDERERS, Mailer, SecretHasher, Clock, DELIVERY_OPTIONS]),
    factory(
      SENDOUT_RENDERERS,
      [DocumentOutputService, StatementPdfService],
      (documents: DocumentOutputService, statements: StatementPdfService): SendoutRenderers => ({ documents, statements }),
    ),
    factory(DELIVERY_OPTIONS, [APP_CONFIG, SENDOUT_RECORDING], (config: AppConfig, recording: DeliveryRecording): DeliveryOptions => ({
      mailFrom: config.mailFrom,
      maxAttempts: config.queue.sendoutMaxAttempts,
      recording,
    })),
    factory(
      SweepSendouts,
      [SendoutRepository, SendoutQueue, Clock, APP_CONFIG, SENDOUT_RECORDING],
      (sendouts: SendoutRepository, queue: SendoutQueue, clock: Clock, config: AppConfig, recording: DeliveryRecording) =>
        new SweepSendouts(
          sendouts,
          queue,
          clock,
          { sweepAfterMs: config.queue.sweepAfterMs, leaseMs: config.queue.sendoutLeaseMs, maxAttempts: config.queue.sendoutMaxAttempts, batchSize: 500 },
          recording,
        ),
    ),
    // An email's final outcome is recorded on the activity log (sendout.sent|failed) in the row's transaction.
    factory(SENDOUT_RECORDING, [TransactionRunner, ActivityLog], (tx: TransactionRunner, activity: ActivityLog): DeliveryRecording => ({ tx, activity })),
    SendoutProcessor,
    SendoutSweepSchedule,
  ],
})
export class SendoutsWorkerModule {}
