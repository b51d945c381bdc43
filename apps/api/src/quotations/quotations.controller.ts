import { presentTaxWarnings } from '@app/domain/presentation/gst.presenter';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiSecurity, ApiTags, PickType } from '@nestjs/swagger';
import type { Caller } from '@app/domain/auth/authenticate-caller.use-case';
import { QuotationsService } from '@app/domain/quotations/quotations.service';
import { CurrentCaller, RequirePermission } from '../common/decorators';
import { DocumentListQueryDto, documentFilterOf } from '../common/document-list-query.dto';
import { IdsBodyDto } from '../common/ids-body.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ConvertToInvoiceDto, conversionInputOf } from '../invoices/invoices.dto';
import { CreateQuotationDto, UpdateQuotationDto } from './quotations.dto';
import { presentQuotation, presentQuotationHeader } from '@app/domain/presentation/quotation.presenter';

/** The filters that apply to quotations. */
export class QuotationListQueryDto extends PickType(DocumentListQueryDto, [
  'limit',
  'offset',
  'fy_start_year',
  'date_from',
  'date_to',
  'client_id',
  'search',
  'approval_status',
  'document_kind',
] as const) {}

@ApiTags('quotations')
@ApiBearerAuth()
@ApiSecurity('api-key')
@RequirePermission('quotations')
@Controller('v1/quotations')
export class QuotationsController {
  constructor(private readonly quotations: QuotationsService) {}

  @Get()
  @ApiOperation({ summary: 'Quotations (header rows with total_amount), newest quotation date first' })
  async list(@CurrentCaller() caller: Caller, @Query() query: QuotationListQueryDto) {
    const page = await this.quotations.list(caller, documentFilterOf(query));
    return { quotations: page.rows.map(presentQuotationHeader), total: page.total };
  }

  @Post()
  @ApiOperation({ summary: 'Create a quotation (numbered QT/YY-YY/NNNN)' })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateQuotationDto) {
    const quotation = await this.quotations.create(caller, body);
    return { quotation_id: quotation.id, quotation_number: quotation.number, tax_warnings: presentTaxWarnings(quotation.taxWarnings) };
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several quotations; ids that are not quotations of the account are skipped' })
  bulkDelete(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto) {
    return this.quotations.bulkDelete(caller, body.ids);
  }

  @Post(':id/convert-to-invoice')
  @HttpCode(200)
  @ApiBody({ type: ConvertToInvoiceDto, required: false })
  @ApiOperation({ summary: 'Create an invoice from the quotation (which stays unchanged)' })
  async convert(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: unknown) {
    const invoice = await this.quotations.convertToInvoice(caller, id, conversionInputOf(body));
    return { invoice_id: invoice.id, invoice_number: invoice.number };
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentQuotation(await this.quotations.get(caller, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Merge fields over the quotation; `items`, when sent, replaces every line' })
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateQuotationDto) {
    const { taxWarnings } = await this.quotations.update(caller, id, body);
    return { quotation_id: id, tax_warnings: presentTaxWarnings(taxWarnings) };
  }

  @Delete(':id')
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.quotations.delete(caller, id);
    return { deleted: true };
  }
}
