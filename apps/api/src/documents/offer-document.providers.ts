import { Provider } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { OfferDocumentDeps } from '@app/domain/documents/offer-documents.service';
import { ConvertToInvoice } from '@app/domain/invoices/convert-to-invoice.use-case';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from '@app/infra/database/database';
import { bind, factory } from '@app/infra/core/providers';

/**
 * The providers of one kind of offer document (quotations, proforma invoices): its repository port bound
 * to the TypeORM adapter, and its service. Needs InvoicesModule imported (conversion, numbering, quota).
 */
export function offerDocumentProviders<R, S>(
  port: abstract new () => R,
  adapter: new (db: Database, clock: Clock) => R,
  service: new (repository: R, deps: OfferDocumentDeps) => S,
): Provider[] {
  return [
    bind(port, adapter, [Database, Clock]),
    factory(
      service,
      [port, ClientRepository, DocumentNumbering, DocumentQuota, ConvertToInvoice, TransactionRunner, ActivityRecorder],
      (
        repository: R,
        clients: ClientRepository,
        numbering: DocumentNumbering,
        quota: DocumentQuota,
        convert: ConvertToInvoice,
        tx: TransactionRunner,
        activity: ActivityRecorder,
      ) => new service(repository, { clients, numbering, quota, convert, tx, activity }),
    ),
  ];
}
