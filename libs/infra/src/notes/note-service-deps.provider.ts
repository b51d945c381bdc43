import { Provider } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { NoteServiceDeps } from '@app/domain/notes/notes.service';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from '../database/database';
import { SqlSourceInvoiceReader } from './sql-source-invoice-reader';
import { factory } from '../core/providers';

export const NOTE_SERVICE_DEPS = 'NOTE_SERVICE_DEPS';

/** The collaborators both note services share; needs DocumentsInfraModule imported. */
export const noteServiceDepsProvider: Provider = factory(
  NOTE_SERVICE_DEPS,
  [ClientRepository, DocumentNumbering, DocumentQuota, TransactionRunner, Clock, ActivityRecorder, Database],
  (
    clients: ClientRepository,
    numbering: DocumentNumbering,
    quota: DocumentQuota,
    tx: TransactionRunner,
    clock: Clock,
    activity: ActivityRecorder,
    db: Database,
  ): NoteServiceDeps => ({ clients, numbering, quota, tx, clock, activity, invoices: new SqlSourceInvoiceReader(db) }),
);
