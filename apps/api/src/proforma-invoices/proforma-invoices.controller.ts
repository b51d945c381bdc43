import { presentTaxWarnings } from '@app/domain/presentation/gst.presenter';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiSecurity, ApiTags, PickType } from '@nestjs/swagger';
import type { Caller } from '@app/domain/auth/authenticate-caller.use-case';
import { ProformaInvoicesService } from '@app/domain/proforma/proforma-invoices.service';
import { CurrentCaller, RequirePermission } from '../common/decorators';
import { DocumentListQueryDto, documentFilterOf } from '../common/document-list-query.dto';
import { IdsBodyDto } from '../common/ids-body.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ConvertToInvoiceDto, conversionInputOf } from '../invoices/invoices.dto';
import { CreateProformaInvoiceDto, UpdateProformaInvoiceDto } from './proforma-invoices.dto';
import { presentProforma, presentProformaHeader } from '@app/domain/presentation/proforma-invoice.presenter';

/** The filters that apply to proforma invoices. */
export class ProformaListQueryDto extends PickType(DocumentListQueryDto, [
  'limit',
  'offset',
  'fy_start_year',
  'date_from',
  'date_to',
  'client_id',
  'search',
  'approval_status',
] as const) {}

@ApiTags('proforma-invoices')
@ApiBearerAuth()
@ApiSecurity('api-key')
@RequirePermission('proforma_invoices')
@Controller('v1/proforma-invoices')
export class ProformaInvoicesController {
  constructor(private readonly proformas: ProformaInvoicesService) {}

  @Get()
  @ApiOperation({ summary: 'Proforma invoices (header rows with total_amount), newest proforma date first' })
  async list(@CurrentCaller() caller: Caller, @Query() query: ProformaListQueryDto) {
    const page = await this.proformas.list(caller, documentFilterOf(query));
    return { proforma_invoices: page.rows.map(presentProformaHeader), total: page.total };
  }

  /** The spec lists 201 for invoices, quotations, debit notes, inventory and expenses only: 200 here. */
  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a proforma invoice (numbered PI/YY-YY/NNNN); items required' })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateProformaInvoiceDto) {
    const proforma = await this.proformas.create(caller, body);
    return { proforma_invoice_id: proforma.id, proforma_number: proforma.number, tax_warnings: presentTaxWarnings(proforma.taxWarnings) };
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: "Delete several proforma invoices; ids that are not the account's are skipped" })
  bulkDelete(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto) {
    return this.proformas.bulkDelete(caller, body.ids);
  }

  @Post(':id/convert-to-invoice')
  @HttpCode(200)
  @ApiBody({ type: ConvertToInvoiceDto, required: false })
  @ApiOperation({ summary: 'Create an invoice from the proforma invoice (which stays unchanged)' })
  async convert(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: unknown) {
    const invoice = await this.proformas.convertToInvoice(caller, id, conversionInputOf(body));
    return { invoice_id: invoice.id, invoice_number: invoice.number };
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentProforma(await this.proformas.get(caller, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Merge fields over the proforma invoice; `items`, when sent, replaces every line' })
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateProformaInvoiceDto) {
    const { taxWarnings } = await this.proformas.update(caller, id, body);
    return { proforma_invoice_id: id, tax_warnings: presentTaxWarnings(taxWarnings) };
  }

  @Delete(':id')
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.proformas.delete(caller, id);
    return { deleted: true };
  }
}
