import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ClientsService } from '@app/domain/clients/clients.service';
import { InvoiceStock } from '@app/domain/inventory/invoice-stock';
import { InvoicesService } from '@app/domain/invoices/invoices.service';
import { CreditNotesService } from '@app/domain/notes/credit-notes.service';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { ImportSettings, OrderDocuments, OrderImport } from '@app/domain/storefront/order-import';
import { RunBackfill } from '@app/domain/storefront/run-backfill.use-case';
import { ProcessStorefrontEvent, ReceiveStorefrontWebhook } from '@app/domain/storefront/storefront-events';
import { StorefrontService } from '@app/domain/storefront/storefront.service';
import { SecretSealer, ShopAdminApi, StorefrontQueue, StorefrontSigner, StorefrontStore } from '@app/domain/storefront/storefront.ports';
import { ClientsCoreModule } from '../clients/clients-core.module';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { bind, make, factory } from '../core/providers';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { InventoryCoreModule } from '../inventory/inventory-core.module';
import { InvoicesCoreModule } from '../invoices/invoices-core.module';
import { CreditNotesCoreModule } from '../notes/credit-notes-core.module';
import { BullmqStorefrontQueue } from './bullmq-storefront-queue';
import { HttpShopAdminApi } from './http-shop-admin-api';
import { SqlStorefrontStore } from './sql-storefront-store';
import { HmacStorefrontSigner, SecretBoxSealer } from './storefront-crypto';

/** The service's public address, where the shop's webhooks are registered to. */
const PUBLIC_BASE_URL = Symbol('PUBLIC_BASE_URL');

/**
 * The storefront integration's adapters and the API's use cases: the connection and event store, the
 * shop's admin API, the HMAC signer, the token sealer and the BullMQ queues; connect/status/disconnect,
 * backfill start, logs and webhook receipt.
 */
@Module({
  providers: [
    bind(StorefrontStore, SqlStorefrontStore, [Database]),
    factory(ShopAdminApi, [APP_CONFIG], (config: AppConfig) => new HttpShopAdminApi(config.storefront)),
    { provide: StorefrontSigner, useClass: HmacStorefrontSigner },
    bind(SecretSealer, SecretBoxSealer, [SecretBox]),
    factory(BullmqStorefrontQueue, [APP_CONFIG], (config: AppConfig) => new BullmqStorefrontQueue(config.redis, config.queue)),
    { provide: StorefrontQueue, useExisting: BullmqStorefrontQueue },
    factory(PUBLIC_BASE_URL, [APP_CONFIG], (config: AppConfig) => config.publicBaseUrl),
    make(StorefrontService, [StorefrontStore, ShopAdminApi, StorefrontSigner, SecretSealer, StorefrontQueue, Clock, PUBLIC_BASE_URL]),
    make(ReceiveStorefrontWebhook, [StorefrontStore, StorefrontSigner, SecretSealer, StorefrontQueue, Clock]),
  ],
  exports: [StorefrontStore, ShopAdminApi, SecretSealer, BullmqStorefrontQueue, StorefrontService, ReceiveStorefrontWebhook],
})
export class StorefrontCoreModule {}

const ORDER_DOCUMENTS = Symbol('ORDER_DOCUMENTS');
const IMPORT_SETTINGS = Symbol('IMPORT_SETTINGS');

/**
 * The worker's storefront import: stored events and backfills become clients, invoices and credit notes
 * through the same services as the API's document endpoints.
 */
@Module({
  imports: [StorefrontCoreModule, ClientsCoreModule, InventoryCoreModule, InvoicesCoreModule, CreditNotesCoreModule],
  providers: [
    factory(
      ORDER_DOCUMENTS,
      [ClientsService, InvoicesService, CreditNotesService, InvoiceStock],
      (clients: ClientsService, invoices: InvoicesService, creditNotes: CreditNotesService, stock: InvoiceStock): OrderDocuments => ({
        clients,
        invoices,
        creditNotes,
        stock,
      }),
    ),
    factory(IMPORT_SETTINGS, [APP_CONFIG], (config: AppConfig): ImportSettings => ({
      defaultHsn: config.storefront.defaultHsn,
      shippingHsn: config.storefront.shippingHsn,
    })),
    make(OrderImport, [StorefrontStore, ORDER_DOCUMENTS, TransactionRunner, Clock, IMPORT_SETTINGS]),
    make(ProcessStorefrontEvent, [StorefrontStore, AccountRepository, OrderImport, Clock]),
    make(RunBackfill, [StorefrontStore, ShopAdminApi, SecretSealer, AccountRepository, OrderImport, Clock]),
  ],
  exports: [StorefrontCoreModule, ProcessStorefrontEvent, RunBackfill],
})
export class StorefrontImportModule {}
