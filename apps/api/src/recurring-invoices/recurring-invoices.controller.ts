import { withCommand } from '@app/contract/common/commands';
import { Body, Controller, Delete, Get, HttpCode, Param, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { presentTaxWarnings } from '@app/contract/documents/gst.presenter';
import { RecurringStatus } from '@app/domain/recurring-invoices/recurring-invoice';
import { RecurringInvoicesService } from '@app/domain/recurring-invoices/recurring-invoices.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Patch, Post } from '../idempotency/idempotent-routes';
import { CreateRecurringInvoiceDto, RecurringListQueryDto, UpdateRecurringInvoiceDto } from '@app/contract/recurring-invoices/recurring-invoices.dto';
import { presentRecurringInvoice, presentRecurringRun } from '@app/contract/recurring-invoices/recurring-invoice.presenter';
import { syncPageOf } from '@app/contract/common/sync-list-query.dto';
import { listAnswer } from '../common/list-answer';

@AccountApi('recurring-invoices')
@RequirePermission('invoices')
@Controller('v1/recurring-invoices')
export class RecurringInvoicesController {
  constructor(private readonly profiles: RecurringInvoicesService) {}

  @Get()
  async list(@CurrentCaller() caller: Caller, @Query() query: RecurringListQueryDto) {
    const page = await this.profiles.list(caller, { status: query.status as RecurringStatus | undefined, clientId: query.client_id }, syncPageOf(query));
    return listAnswer('recurring_invoices', page, presentRecurringInvoice);
  }

  @Post()
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateRecurringInvoiceDto) {
    const saved = await withCommand(body, (command) => this.profiles.create(caller, command));
    return { recurring_invoice_id: saved.id, next_run_date: saved.nextRunDate, tax_warnings: presentTaxWarnings(saved.taxWarnings) };
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    const { profile, runs } = await this.profiles.get(caller, id);
    return { ...presentRecurringInvoice(profile), runs: runs.map(presentRecurringRun) };
  }

  @Patch(':id')
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateRecurringInvoiceDto) {
    const saved = await withCommand(body, (command) => this.profiles.update(caller, id, command));
    return { recurring_invoice_id: saved.id, next_run_date: saved.nextRunDate, tax_warnings: presentTaxWarnings(saved.taxWarnings) };
  }

  @Delete(':id')
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.profiles.delete(caller, id);
    return { deleted: true };
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause a recurring invoice' })
  async pause(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentRecurringInvoice(await this.profiles.pause(caller, id));
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume a paused recurring invoice' })
  async resume(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentRecurringInvoice(await this.profiles.resume(caller, id));
  }

  @Post(':id/run-now')
  @HttpCode(201)
  @ApiOperation({ summary: "Make the profile's invoice dated today, now" })
  async runNow(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    const made = await this.profiles.runNow(caller, id);
    return {
      invoice_id: made.invoice.id,
      invoice_number: made.invoice.number,
      run_date: made.runDate,
      sendout_id: made.sendoutId,
      tax_warnings: presentTaxWarnings(made.invoice.taxWarnings),
    };
  }
}
