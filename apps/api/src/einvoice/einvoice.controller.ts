import { Body, Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { Post } from '../idempotency/idempotent-routes';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { EInvoiceService } from '@app/domain/einvoice/einvoice.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CancelEInvoiceDto } from '@app/contract/einvoice/einvoice.dto';
import { presentEInvoice } from '@app/contract/einvoice/einvoice.presenter';

@AccountApi('invoices')
@RequirePermission('invoices')
@Controller('v1')
export class EInvoiceController {
  constructor(private readonly einvoice: EInvoiceService) {}

  @Post('invoices/:id/einvoice')
  @HttpCode(200)
  @ApiOperation({ summary: 'Registers the invoice with the e-invoice portal and stores its IRN' })
  async register(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentEInvoice(await this.einvoice.register(caller.account, id));
  }

  @Delete('invoices/:id/einvoice')
  @ApiOperation({ summary: 'Cancels the IRN within 24 hours of its acknowledgement' })
  async cancel(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: CancelEInvoiceDto) {
    return presentEInvoice(await this.einvoice.cancel(caller.account, id, body.reason, body.remark));
  }

  @Get('exports/einvoice/:id')
  @ApiOperation({ summary: 'The IRP JSON (schema 1.1) of the invoice, without sending it' })
  async payload(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return this.einvoice.payload(caller.account, id);
  }
}

@AccountApi('credit-notes')
@RequirePermission('credit_notes')
@Controller('v1')
export class CreditNoteEInvoiceController {
  constructor(private readonly einvoice: EInvoiceService) {}

  @Post('credit-notes/:id/einvoice')
  @HttpCode(200)
  @ApiOperation({ summary: 'Registers the credit note (CRN) with the e-invoice portal and stores its IRN' })
  async register(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentEInvoice(await this.einvoice.register(caller.account, id, 'credit-note'));
  }

  @Delete('credit-notes/:id/einvoice')
  @ApiOperation({ summary: 'Cancels the IRN of the credit note within 24 hours of its acknowledgement' })
  async cancel(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: CancelEInvoiceDto) {
    return presentEInvoice(await this.einvoice.cancel(caller.account, id, body.reason, body.remark, 'credit-note'));
  }

  @Get('exports/einvoice/credit-notes/:id')
  @ApiOperation({ summary: 'The IRP JSON (schema 1.1) of the credit note, without sending it' })
  async payload(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return this.einvoice.payload(caller.account, id, 'credit-note');
  }
}

@AccountApi('debit-notes')
@RequirePermission('debit_notes')
@Controller('v1')
export class DebitNoteEInvoiceController {
  constructor(private readonly einvoice: EInvoiceService) {}

  @Post('debit-notes/:id/einvoice')
  @HttpCode(200)
  @ApiOperation({ summary: 'Registers the debit note (DBN) with the e-invoice portal and stores its IRN' })
  async register(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentEInvoice(await this.einvoice.register(caller.account, id, 'debit-note'));
  }

  @Delete('debit-notes/:id/einvoice')
  @ApiOperation({ summary: 'Cancels the IRN of the debit note within 24 hours of its acknowledgement' })
  async cancel(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: CancelEInvoiceDto) {
    return presentEInvoice(await this.einvoice.cancel(caller.account, id, body.reason, body.remark, 'debit-note'));
  }

  @Get('exports/einvoice/debit-notes/:id')
  @ApiOperation({ summary: 'The IRP JSON (schema 1.1) of the debit note, without sending it' })
  async payload(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return this.einvoice.payload(caller.account, id, 'debit-note');
  }
}
