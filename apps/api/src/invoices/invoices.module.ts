import { Module } from '@nestjs/common';
import { InvoicesInfraModule } from '@app/infra/invoices/invoices-infra.module';
import { InvoicesController } from './invoices.controller';

/** `/v1/invoices`; exports the invoices core (read by credit notes, conversion used by quotations and proforma). */
@Module({
  imports: [InvoicesInfraModule],
  controllers: [InvoicesController],
  exports: [InvoicesInfraModule],
})
export class InvoicesModule {}
