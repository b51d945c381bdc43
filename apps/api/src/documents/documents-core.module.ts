import { Module } from '@nestjs/common';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { DocumentPrefixes, DocumentSequence } from '@app/domain/documents/document-sequence.port';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { DocumentCounter } from '@app/domain/documents/document-counter.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '@app/infra/database/database';
import { SqlDocumentSequence } from '@app/infra/documents/sql-document-sequence';
import { SettingsDocumentPrefixes } from '@app/infra/settings/sql-business-settings.repository';
import { SqlDocumentCounter } from '@app/infra/documents/sql-document-counter';
import { PLAN_POLICY } from '../core/tokens';
import { ClientsModule } from '../clients/clients.module';
import { make, bind } from '@app/infra/core/providers';

/** Numbering, the monthly document quota and client lookups shared by the five sales documents. */
@Module({
  imports: [ClientsModule],
  providers: [
    bind(DocumentSequence, SqlDocumentSequence, [Database]),
    bind(DocumentPrefixes, SettingsDocumentPrefixes, [Database]),
    make(DocumentNumbering, [DocumentSequence, DocumentPrefixes]),
    bind(DocumentCounter, SqlDocumentCounter, [Database]),
    make(DocumentQuota, [DocumentCounter, Clock, PLAN_POLICY]),
  ],
  exports: [ClientsModule, DocumentNumbering, DocumentQuota, DocumentPrefixes],
})
export class DocumentsCoreModule {}
