import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags, PickType } from '@nestjs/swagger';
import type { Caller } from '@app/domain/auth/authenticate-caller.use-case';
import { InvoicesService } from '@app/domain/invoices/invoices.service';
import { CurrentCaller, RequirePermission } from '../common/decorators';
import { DocumentListQueryDto, documentFilterOf } from '../common/document-list-query.dto';
import { IdsBodyDto } from '../common/ids-body.dto';
import { pageOf } from '../common/list-query.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateInvoiceDto, RecentPaymentsQueryDto, UpdateInvoiceDto } from './invoices.dto';
import { presentTaxWarnings } from '@app/domain/presentation/gst.presenter';
import { presentInvoice, presentInvoiceHeader, presentPayment } from '@app/domain/presentation/invoice.presenter';

/** The filters that apply to invoices. */
export class InvoiceListQueryDto extends PickType(DocumentListQueryDto, [
  'limit',
  'offset',
  'fy_start_year',
  'date_from',
  'date_to',
  'client_id',
  'search',
  'status',
  'payment_status',
  'due_from',
  'due_to',
  'payment_date_from',
  'payment_date_to',
] as const) {}

@ApiTags('invoices')
@ApiBearerAuth()
@ApiSecurity('api-key')
@RequirePermission('invoices')
@Controller('v1/invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get()
  @ApiOperation({ summary: 'Invoices (header rows), newest invoice date first; filters combine' })
  async list(@CurrentCaller() caller: Caller, @Query() query: InvoiceListQueryDto) {
    const page = await this.invoices.list(caller, documentFilterOf(query));
    return { invoices: page.rows.map(presentInvoiceHeader), total: page.total };
  }

  @Post()
  @ApiOperation({ summary: 'Create an invoice (numbered INV/YY-YY/NNNN in the FY of its date)' })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateInvoiceDto) {
    const invoice = await this.invoices.create(caller, body);
    return { invoice_id: invoice.id, invoice_number: invoice.number, message: 'Invoice created.', tax_warnings: presentTaxWarnings(invoice.taxWarnings) };
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several invoices; ids that are not invoices of the account are skipped' })
  bulkDelete(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto) {
    return this.invoices.bulkDelete(caller, body.ids);
  }

  @Get('recent-payments')
  @ApiOperation({ summary: 'Invoices that became paid after `since` (default: one hour ago), earliest first' })
  async recentPayments(@CurrentCaller() caller: Caller, @Query() query: RecentPaymentsQueryDto) {
    const page = await this.invoices.recentPayments(caller, query.since, pageOf(query));
    return { payments: page.rows.map(presentPayment), total: page.total };
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentInvoice(await this.invoices.get(caller, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Merge fields over the invoice; `items`, when sent, replaces every line' })
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateInvoiceDto) {
    const { taxWarnings } = await this.invoices.update(caller, id, body);
    return { invoice_id: id, tax_warnings: presentTaxWarnings(taxWarnings) };
  }

  @Delete(':id')
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.invoices.delete(caller, id);
    return { deleted: true };
  }
}
