import { Controller } from '@nestjs/common';
import { PickType } from '@nestjs/swagger';
import { ProformaInvoicesService } from '@app/domain/proforma-invoices/proforma-invoices.service';
import { AccountApi, RequirePermission } from '../common/decorators';
import { COMMON_DOCUMENT_FILTERS, DocumentListQueryDto } from '@app/contract/common/document-list-query.dto';
import { ConvertsToInvoice, DocumentController } from '../documents/document.controller';
import { CreateProformaInvoiceDto, UpdateProformaInvoiceDto } from '@app/contract/proforma-invoices/proforma-invoices.dto';
import { presentProforma, presentProformaHeader } from '@app/contract/proforma-invoices/proforma-invoice.presenter';

/** The filters that apply to proforma invoices. */
export class ProformaListQueryDto extends PickType(DocumentListQueryDto, [...COMMON_DOCUMENT_FILTERS, 'approval_status'] as const) {}

@AccountApi('proforma-invoices')
@RequirePermission('proforma_invoices')
@Controller('v1/proforma-invoices')
export class ProformaInvoicesController extends DocumentController(
  {
    listQuery: ProformaListQueryDto,
    listKey: 'proforma_invoices',
    presentRow: presentProformaHeader,
    present: presentProforma,
    createBody: CreateProformaInvoiceDto,
    updateBody: UpdateProformaInvoiceDto,
    // The spec lists 201 for invoices, quotations, debit notes, inventory and expenses only.
    createStatus: 200,
    idKey: 'proforma_invoice_id',
    created: (proforma) => ({ proforma_number: proforma.number }),
    summaries: {
      list: 'Proforma invoices (header rows with total_amount), newest proforma date first',
      create: 'Create a proforma invoice (numbered PI/YY-YY/NNNN); items required',
      bulkDelete: "Delete several proforma invoices; ids that are not the account's are skipped",
      update: 'Merge fields over the proforma invoice; `items`, when sent, replaces every line',
    },
  },
  ConvertsToInvoice<ProformaInvoicesService>('Create an invoice from the proforma invoice (which stays unchanged)'),
) {
  constructor(proformas: ProformaInvoicesService) {
    super(proformas);
  }
}
