import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentSource } from '@app/domain/document-output/document-source.port';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { SendoutDocumentCatalog } from '@app/domain/sendouts/sendout-document-catalog.port';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import { SendoutRepository } from '@app/domain/sendouts/sendout.repository.port';
import { SendoutDocuments } from '@app/domain/sendouts/sendout-documents';
import { SendoutsService } from '@app/domain/sendouts/sendouts.service';
import { Database } from '@app/infra/database/database';
import { SqlSendoutDocumentCatalog } from '@app/infra/sendouts/sql-sendout-document-catalog';
import { SendoutsInfraModule } from '@app/infra/sendouts/sendouts-infra.module';
import { ClientsModule } from '../clients/clients.module';
import { DocumentOutputModule } from '../document-output/document-output.module';
import { SettingsModule } from '../settings/settings.module';
import { SendoutsController } from './sendouts.controller';
import { make, bind } from '@app/infra/core/providers';

/** POST commits the row, then offers it to BullMQ; the worker (apps/worker) sends. */
@Module({
  imports: [SendoutsInfraModule, ClientsModule, SettingsModule, DocumentOutputModule],
  controllers: [SendoutsController],
  providers: [
    bind(SendoutDocumentCatalog, SqlSendoutDocumentCatalog, [Database]),
    make(SendoutDocuments, [ClientRepository, DocumentSource, SendoutDocumentCatalog]),
    make(SendoutsService, [SendoutRepository, SendoutQueue, SendoutDocuments, BusinessSettingsRepository, TransactionRunner, Clock, ActivityRecorder]),
  ],
  exports: [SendoutsInfraModule],
})
export class SendoutsModule {}
