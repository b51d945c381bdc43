import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, PickType } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { InvoicesService } from '@app/domain/invoices/invoices.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { COMMON_DOCUMENT_FILTERS, DocumentListQueryDto } from '@app/contract/common/document-list-query.dto';
import { listAnswer } from '../common/list-answer';
import { cursorPageOf } from '@app/contract/common/sync-list-query.dto';
import { DocumentController, KindRoutes } from '../documents/document.controller';
import { CreateInvoiceDto, RecentPaymentsQueryDto, UpdateInvoiceDto } from '@app/contract/invoices/invoices.dto';
import { presentInvoice, presentInvoiceHeader, presentPayment } from '@app/contract/invoices/invoice.presenter';

/** The filters that apply to invoices. */
export class InvoiceListQueryDto extends PickType(DocumentListQueryDto, [
  ...COMMON_DOCUMENT_FILTERS,
  'status',
  'payment_status',
  'due_from',
  'due_to',
  'payment_date_from',
  'payment_date_to',
] as const) {}

/** `GET recent-payments`, which only invoices have. */
const RecentPaymentsRoute: KindRoutes<InvoicesService> = (Base) => {
  abstract class RecentPaymentsRoutes extends Base {
    @Get('recent-payments')
    @ApiOperation({ summary: 'Invoices that became paid after `since` (default: one hour ago), earliest first' })
    async recentPayments(@CurrentCaller() caller: Caller, @Query() query: RecentPaymentsQueryDto) {
      return listAnswer('payments', await this.documents.recentPayments(caller, query.since, cursorPageOf(query)), presentPayment);
    }
  }
  return RecentPaymentsRoutes;
};

@AccountApi('invoices')
@RequirePermission('invoices')
@Controller('v1/invoices')
export class InvoicesController extends DocumentController(
  {
    listQuery: InvoiceListQueryDto,
    listKey: 'invoices',
    presentRow: presentInvoiceHeader,
    present: presentInvoice,
    createBody: CreateInvoiceDto,
    updateBody: UpdateInvoiceDto,
    createStatus: 201,
    idKey: 'invoice_id',
    created: (invoice) => ({ invoice_number: invoice.number, message: 'Invoice created.' }),
    summaries: {
      list: 'Invoices (header rows), newest invoice date first; filters combine',
      create: 'Create an invoice (numbered INV/YY-YY/NNNN in the FY of its date)',
      bulkDelete: 'Delete several invoices; ids that are not invoices of the account are skipped',
      update: 'Merge fields over the invoice; `items`, when sent, replaces every line',
    },
  },
  RecentPaymentsRoute,
) {
  constructor(invoices: InvoicesService) {
    super(invoices);
  }
}
