import { Module } from '@nestjs/common';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { ClientStatementService } from '@app/domain/payments/client-statement';
import { PaymentRepository } from '@app/domain/payments/payment.repository.port';
import { AdvanceFactsReader, ReceiptVoucherService } from '@app/domain/payments/receipt-voucher';
import { ReceivablesPrinter } from '@app/domain/payments/receivables-print';
import { StatementPdfService } from '@app/domain/payments/statement-pdf';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { Clock } from '@app/domain/shared/clock.port';
import { ClientStoreInfraModule } from '../clients/client-store-infra.module';
import { bind, make } from '../core/providers';
import { Database } from '../database/database';
import { PuppeteerPdfRenderer } from '../pdf/puppeteer-pdf-renderer';
import { SettingsInfraModule } from '../settings/settings-infra.module';
import { HandlebarsReceivablesPrinter } from './handlebars-receivables-printer';
import { PaymentsInfraModule } from './payments-infra.module';
import { SqlAdvanceFactsReader } from './sql-advance-facts';

/**
 * The printed receivables forms: statement of account PDFs (API and the worker's statement sendouts) and receipt
 * vouchers of advances. Needs the PuppeteerPdfRenderer that PdfRendererInfraModule provides in each process.
 */
@Module({
  imports: [PaymentsInfraModule, ClientStoreInfraModule, SettingsInfraModule],
  providers: [
    bind(ReceivablesPrinter, HandlebarsReceivablesPrinter, [PuppeteerPdfRenderer]),
    bind(AdvanceFactsReader, SqlAdvanceFactsReader, [Database]),
    make(StatementPdfService, [ClientStatementService, ClientRepository, BusinessSettingsRepository, ReceivablesPrinter, Clock]),
    make(ReceiptVoucherService, [PaymentRepository, ClientRepository, BusinessSettingsRepository, AdvanceFactsReader, ReceivablesPrinter]),
  ],
  exports: [StatementPdfService, ReceiptVoucherService, PaymentsInfraModule],
})
export class ReceivablesPrintInfraModule {}
