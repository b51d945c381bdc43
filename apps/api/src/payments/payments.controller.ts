import { Body, Controller, Delete, Get, HttpCode, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import { Post, Patch } from '../idempotency/idempotent-routes';
import type { Caller } from '@app/domain/shared/caller';
import { PaymentsService, PaymentWritten } from '@app/domain/payments/payments.service';
import { ReceiptVoucherService } from '@app/domain/payments/receipt-voucher';
import { presentPayment, presentPaymentHeader } from '@app/contract/payments/payment.presenter';
import { toNumber2 } from '@app/domain/shared/money';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { IdsBodyDto } from '@app/contract/common/ids-body.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { sendPdf } from '../document-output/send-pdf';
import type { EdgeReply } from '../edge/http-edge';
import { AllocatePaymentDto, CreatePaymentDto, PaymentListQueryDto, ReceiptVoucherQueryDto, UpdatePaymentDto } from '@app/contract/payments/payments.dto';
import { syncPageOf } from '@app/contract/common/sync-list-query.dto';
import { listAnswer } from '../common/list-answer';
import { withCommand } from '@app/contract/common/commands';

const written = (w: PaymentWritten) => ({
  payment_id: w.paymentId,
  unallocated_amount: toNumber2(w.unallocatedAmount),
  receipt_number: w.receiptNumber,
  allocation_ids: w.allocationIds,
});

/** `/v1/payments`: receipts from clients, their allocations to invoices and debit notes, and advances. */
@AccountApi('payments')
@RequirePermission('payments')
@Controller('v1/payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly vouchers: ReceiptVoucherService,
  ) {}

  @Get()
  async list(@CurrentCaller() caller: Caller, @Query() query: PaymentListQueryDto) {
    const page = await this.payments.list(caller, {
      ...syncPageOf(query),
      clientId: query.client_id,
      fyStartYear: query.fy_start_year,
      dateFrom: query.date_from,
      dateTo: query.date_to,
      mode: query.mode,
    });
    return listAnswer('payments', page, presentPaymentHeader);
  }

  @Post()
  async create(@CurrentCaller() caller: Caller, @Body() body: CreatePaymentDto) {
    return written(await withCommand(body, (command) => this.payments.create(caller, command)));
  }

  @Post('bulk-delete')
  @HttpCode(200)
  bulkDelete(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto) {
    return this.payments.bulkDelete(caller, body.ids);
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentPayment(await this.payments.get(caller, id));
  }

  @Get(':id/pdf')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: 'The receipt voucher of an advance (CGST rule 50) as a PDF (raw bytes, not the envelope)' })
  async voucherPdf(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: ReceiptVoucherQueryDto,
    @Res({ passthrough: true }) res: EdgeReply,
  ) {
    return sendPdf(res, await this.vouchers.pdf(caller.account, id, { supply: query.supply, taxRate: query.tax_rate }), 'inline');
  }

  @Patch(':id')
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdatePaymentDto) {
    await withCommand(body, (command) => this.payments.update(caller, id, command));
    return { payment_id: id };
  }

  @Delete(':id')
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.payments.delete(caller, id);
    return { deleted: true };
  }

  @Post(':id/allocations')
  async allocate(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: AllocatePaymentDto) {
    return written(await withCommand(body, (command) => this.payments.allocate(caller, id, command)));
  }

  @Delete(':id/allocations/:allocation_id')
  async removeAllocation(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Param('allocation_id', ParseIdPipe) allocationId: number) {
    const unallocated = await this.payments.deleteAllocation(caller, id, allocationId);
    return { deleted: true, unallocated_amount: toNumber2(unallocated) };
  }
}
