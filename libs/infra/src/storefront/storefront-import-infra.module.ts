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
import { ProcessStorefrontEvent } from '@app/domain/storefront/storefront-events';
import { SecretSealer, ShopAdminApi, StorefrontStore } from '@app/domain/storefront/storefront.ports';
import { ClientsInfraModule } from '../clients/clients-infra.module';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { factory, make } from '../core/providers';
import { InventoryInfraModule } from '../inventory/inventory-infra.module';
import { InvoicesInfraModule } from '../invoices/invoices-infra.module';
import { CreditNotesInfraModule } from '../notes/credit-notes-infra.module';
import { StorefrontInfraModule } from './storefront-infra.module';

const ORDER_DOCUMENTS = Symbol('ORDER_DOCUMENTS');
const IMPORT_SETTINGS = Symbol('IMPORT_SETTINGS');

/**
 * The worker's storefront import: stored events and backfills become clients, invoices and credit notes
 * through the same services as the API's document endpoints.
 */
@Module({
  imports: [StorefrontInfraModule, ClientsInfraModule, InventoryInfraModule, InvoicesInfraModule, CreditNotesInfraModule],
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
  exports: [StorefrontInfraModule, ProcessStorefrontEvent, RunBackfill],
})
export class StorefrontImportInfraModule {}
