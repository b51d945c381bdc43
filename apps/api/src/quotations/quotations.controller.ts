import { Controller } from '@nestjs/common';
import { PickType } from '@nestjs/swagger';
import { QuotationsService } from '@app/domain/quotations/quotations.service';
import { AccountApi, RequirePermission } from '../common/decorators';
import { COMMON_DOCUMENT_FILTERS, DocumentListQueryDto } from '@app/contract/common/document-list-query.dto';
import { ConvertsToInvoice, DocumentController } from '../documents/document.controller';
import { CreateQuotationDto, UpdateQuotationDto } from '@app/contract/quotations/quotations.dto';
import { presentQuotation, presentQuotationHeader } from '@app/contract/quotations/quotation.presenter';

/** The filters that apply to quotations. */
export class QuotationListQueryDto extends PickType(DocumentListQueryDto, [...COMMON_DOCUMENT_FILTERS, 'approval_status', 'document_kind'] as const) {}

@AccountApi('quotations')
@RequirePermission('quotations')
@Controller('v1/quotations')
export class QuotationsController extends DocumentController(
  {
    listQuery: QuotationListQueryDto,
    listKey: 'quotations',
    presentRow: presentQuotationHeader,
    present: presentQuotation,
    createBody: CreateQuotationDto,
    updateBody: UpdateQuotationDto,
    createStatus: 201,
    idKey: 'quotation_id',
    created: (quotation) => ({ quotation_number: quotation.number }),
    summaries: {
      list: 'Quotations (header rows with total_amount), newest quotation date first',
      create: 'Create a quotation (numbered QT/YY-YY/NNNN)',
      bulkDelete: 'Delete several quotations; ids that are not quotations of the account are skipped',
      update: 'Merge fields over the quotation; `items`, when sent, replaces every line',
    },
  },
  ConvertsToInvoice<QuotationsService>('Create an invoice from the quotation (which stays unchanged)'),
) {
  constructor(quotations: QuotationsService) {
    super(quotations);
  }
}
