import { Module } from '@nestjs/common';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { DocumentPrefixes, DocumentSequence } from '@app/domain/documents/document-sequence.port';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { DocumentCounter } from '@app/domain/documents/document-counter.port';
import { Clock } from '@app/domain/shared/clock.port';
import { PLAN_POLICY } from '../config/app-config.token';
import { ClientsInfraModule } from '../clients/clients-infra.module';
import { bind, make } from '../core/providers';
import { Database } from '../database/database';
import { SettingsDocumentPrefixes } from '../settings/sql-business-settings.repository';
import { SqlDocumentCounter } from './sql-document-counter';
import { SqlDocumentSequence } from './sql-document-sequence';

/** Numbering, the monthly document quota and client lookups shared by the five sales documents. */
@Module({
  imports: [ClientsInfraModule],
  providers: [
    bind(DocumentSequence, SqlDocumentSequence, [Database]),
    bind(DocumentPrefixes, SettingsDocumentPrefixes, [Database]),
    make(DocumentNumbering, [DocumentSequence, DocumentPrefixes]),
    bind(DocumentCounter, SqlDocumentCounter, [Database]),
    make(DocumentQuota, [DocumentCounter, Clock, PLAN_POLICY]),
  ],
  exports: [ClientsInfraModule, DocumentNumbering, DocumentQuota, DocumentPrefixes],
})
export class DocumentsInfraModule {}
