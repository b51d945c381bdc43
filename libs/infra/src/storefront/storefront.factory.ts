import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientsService } from '@app/domain/clients/clients.service';
import { DocumentNumbering } from '@app/domain/documents/document-numbering';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { InvoiceStock } from '@app/domain/inventory/invoice-stock';
import { LowStockAlerts } from '@app/domain/inventory/low-stock';
import { AccountReferences } from '@app/domain/shared/account-references';
import { InvoicesService } from '@app/domain/invoices/invoices.service';
import { IssueInvoice } from '@app/domain/invoices/issue-invoice.use-case';
import { CreditNotesService } from '@app/domain/notes/credit-notes.service';
import { Clock } from '@app/domain/shared/clock.port';
import { OrderImport } from '@app/domain/storefront/order-import';
import { RunBackfill } from '@app/domain/storefront/run-backfill.use-case';
import { ProcessStorefrontEvent, ReceiveStorefrontWebhook } from '@app/domain/storefront/storefront-events';
import { StorefrontService } from '@app/domain/storefront/storefront.service';
import { StorefrontQueue } from '@app/domain/storefront/storefront.ports';
import { TypeormAccountRepository } from '../accounts/typeorm-account.repository';
import { SqlClientDependents } from '../clients/sql-client-dependents';
import { TypeormClientRepository } from '../clients/typeorm-client.repository';
import type { AppConfig } from '../config/app-config';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { TypeormTransactionRunner } from '../database/typeorm-transaction-runner';
import { SqlDocumentCounter } from '../documents/sql-document-counter';
import { SqlDocumentSequence } from '../documents/sql-document-sequence';
import { TypeormInventoryRepository } from '../inventory/typeorm-inventory.repository';
import { TypeormInvoiceRepository } from '../invoices/typeorm-invoice.repository';
import { SqlSourceInvoiceReader } from '../notes/sql-source-invoice-reader';
import { TypeormCreditNoteRepository } from '../notes/typeorm-credit-note.repository';
import { SettingsDocumentPrefixes } from '../settings/sql-business-settings.repository';
import { HmacStorefrontSigner, SecretBoxSealer } from './storefront-crypto';
import { HttpShopAdminApi } from './http-shop-admin-api';
import { SqlStorefrontStore } from './sql-storefront-store';
import { SqlTdsSectionRepository } from '../tds/sql-tds-section.repository';
import { createActivityLog } from '../webhooks/webhook-objects';

type Config = Pick<AppConfig, 'storefront' | 'encryptionKey' | 'publicBaseUrl' | 'plans' | 'featureInventory'>;

/** What the API needs: connect, status, disconnect, backfill start, logs, and the webhook endpoint. */
export function createStorefrontApi(db: Database, clock: Clock, config: Config, queue: StorefrontQueue) {
  const store = new SqlStorefrontStore(db);
  const sealer = new SecretBoxSealer(new SecretBox(config.encryptionKey));
  const signer = new HmacStorefrontSigner();
  const api = new HttpShopAdminApi(config.storefront);
  return {
    store,
    service: new StorefrontService(store, api, signer, sealer, queue, clock, config.publicBaseUrl),
    receive: new ReceiveStorefrontWebhook(store, signer, sealer, queue, clock),
  };
}

/**
 * What the worker needs: the event processor and the backfill, on the same services as the API's document
 * endpoints (clients, invoices with their numbering and stock, credit notes, activity events).
 */
export function createStorefrontWorker(db: Database, clock: Clock, config: Config) {
  const store = new SqlStorefrontStore(db);
  const sealer = new SecretBoxSealer(new SecretBox(config.encryptionKey));
  const accounts = new TypeormAccountRepository(db);
  const tx = new TypeormTransactionRunner(db);
  const activity = new ActivityRecorder(createActivityLog(db, clock), clock);
  const clientRepo = new TypeormClientRepository(db, clock);
  const inventory = new TypeormInventoryRepository(db, clock);
  const clients = new ClientsService(clientRepo, new SqlClientDependents(db, inventory), accounts, tx, clock, config.plans, activity);
  const stock = new InvoiceStock(inventory, config.featureInventory, new LowStockAlerts(activity));
  const numbering = new DocumentNumbering(new SqlDocumentSequence(db), new SettingsDocumentPrefixes(db));
  const quota = new DocumentQuota(new SqlDocumentCounter(db), clock, config.plans);
  const invoiceRepo = new TypeormInvoiceRepository(db, clock);
  const issue = new IssueInvoice(invoiceRepo, clientRepo, numbering, quota, activity, stock);
  const invoices = new InvoicesService(invoiceRepo, issue, new AccountReferences(clientRepo, new SqlTdsSectionRepository(db)), tx, clock, activity, stock);
  const creditNotes = new CreditNotesService(new TypeormCreditNoteRepository(db, clock), new SqlSourceInvoiceReader(db), {
    clients: clientRepo,
    numbering,
    quota,
    tx,
    clock,
    activity,
  });
  const orders = new OrderImport(store, { clients, invoices, creditNotes, stock }, tx, clock, {
    defaultHsn: config.storefront.defaultHsn,
    shippingHsn: config.storefront.shippingHsn,
  });
  return {
    store,
    process: new ProcessStorefrontEvent(store, accounts, orders, clock),
    backfill: new RunBackfill(store, new HttpShopAdminApi(config.storefront), sealer, accounts, orders, clock),
  };
}
