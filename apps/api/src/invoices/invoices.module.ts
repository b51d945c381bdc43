import { Module } from '@nestjs/common';
import { InvoicesCoreModule } from '@app/infra/invoices/invoices-core.module';
import { InvoicesController } from './invoices.controller';

/** `/v1/invoices`; exports the invoices core (read by credit notes, conversion used by quotations and proforma). */
@Module({
  imports: [InvoicesCoreModule],
  controllers: [InvoicesController],
  exports: [InvoicesCoreModule],
})
export class InvoicesModule {}
