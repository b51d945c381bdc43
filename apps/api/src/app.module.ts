import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AppConfig } from '@app/infra/config/app-config';
import { CoreModule } from './core/core.module';
import { AuthGuard } from './common/auth.guard';
import { ErrorEnvelopeFilter } from './common/error-envelope.filter';
import { AppValidationPipe } from './common/validation.pipe';
import { StrictInputGuard } from './common/strict-input';
import { ConditionalRequestsGuard } from './common/conditional-requests';
import { MeController } from './accounts/me.controller';
import { HealthController } from './health/health.controller';
import { ClientsModule } from './clients/clients.module';
import { InventoryModule } from './inventory/inventory.module';
import { ExpensesModule } from './expenses/expenses.module';
import { SettingsModule } from './settings/settings.module';
import { DocumentOutputModule } from './document-output/document-output.module';
import { DebitNotesModule } from './debit-notes/debit-notes.module';
import { CreditNotesModule } from './credit-notes/credit-notes.module';
import { AuthModule } from './auth/auth.module';
import { SettingsUsersModule } from './users/settings-users.module';
import { InvoicesModule } from './invoices/invoices.module';
import { RecurringInvoicesModule } from './recurring-invoices/recurring-invoices.module';
import { RemindersModule } from './reminders/reminders.module';
import { QuotationsModule } from './quotations/quotations.module';
import { ProformaInvoicesModule } from './proforma-invoices/proforma-invoices.module';
import { SendoutsModule } from './sendouts/sendouts.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { NotificationsModule } from './notifications/notifications.module';
import { TdsModule } from './tds/tds.module';
import { PublicModule } from './public/public.module';
import { BillingModule } from './billing/billing.module';
import { AuditModule } from './audit/audit.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { StorefrontModule } from './storefront/storefront.module';
import { ExportsModule } from './exports/exports.module';
import { EInvoiceModule } from './einvoice/einvoice.module';
import { EwayBillModule } from './eway-bill/eway-bill.module';
import { PaymentsModule } from './payments/payments.module';
import { IdempotentRoutesModule } from './idempotency/idempotent-routes';
import { ApiMetrics } from './metrics/api-metrics';
import { MetricsModule } from './metrics/metrics.module';
import { RouteLabels } from './metrics/route-label';
import { OPERATIONS } from '@app/contract/openapi/operations';
import { ConsoleModule } from './console/console.module';

/** Resource modules of the API. Add a new resource's module here. */
const RESOURCE_MODULES = [
  ClientsModule,
  InventoryModule,
  ExpensesModule,
  SettingsModule,
  DocumentOutputModule,
  DebitNotesModule,
  CreditNotesModule,
  AuthModule,
  SettingsUsersModule,
  InvoicesModule,
  RecurringInvoicesModule,
  RemindersModule,
  QuotationsModule,
  ProformaInvoicesModule,
  SendoutsModule,
  AnalyticsModule,
  NotificationsModule,
  TdsModule,
  PublicModule,
  BillingModule,
  AuditModule,
  WebhooksModule,
  StorefrontModule,
  ExportsModule,
  EInvoiceModule,
  EwayBillModule,
  PaymentsModule,
];

@Module({})
export class AppModule {
  /** `metrics`: the process's metrics, when the caller (the app factory) already feeds them from the edge. */
  static register(config: AppConfig, metrics: ApiMetrics = new ApiMetrics(new RouteLabels(Object.keys(OPERATIONS)))): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        MetricsModule.register(metrics),
        IdempotentRoutesModule,
        ...RESOURCE_MODULES,
        ...(config.console.enabled ? [ConsoleModule] : []),
      ],
      controllers: [MeController, HealthController],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: StrictInputGuard },
        { provide: APP_GUARD, useClass: ConditionalRequestsGuard },
        { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
        { provide: APP_PIPE, useClass: AppValidationPipe },
      ],
    };
  }
}
