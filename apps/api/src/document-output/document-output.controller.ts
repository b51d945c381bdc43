import { Body, Controller, Delete, Get, HttpCode, Param, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { Post } from '../idempotency/idempotent-routes';
import { ApiOperation, ApiParam, ApiProduces, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import type { Caller } from '@app/domain/shared/caller';
import { DocumentOutputService, INVOICE_COPIES, InvoiceCopy } from '@app/domain/document-output/document-output.service';
import { IsIn, IsOptional } from 'class-validator';
import { AccountApi, CurrentCaller, Public, RequirePermission } from '../common/decorators';
import { IdsBodyDto } from '@app/contract/common/ids-body.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { DOCUMENT_TYPE_PARAM, documentTypeOf } from './document-type';
import { sendPdf } from './send-pdf';
import type { EdgeReply, EdgeRequest } from '../edge/http-edge';

/** `?copy=` of a PDF: which copy of a tax invoice to print (other kinds print no copy line). */
class PdfQueryDto {
  @ApiPropertyOptional({
    enum: Object.keys(INVOICE_COPIES),
    default: 'original',
    description: 'Invoices: Original for Recipient, Duplicate for Transporter or Triplicate for Supplier',
  })
  @IsOptional()
  @IsIn(Object.keys(INVOICE_COPIES), { message: `must be one of ${Object.keys(INVOICE_COPIES).join(', ')}` })
  copy?: InvoiceCopy;
}

@AccountApi('documents')
@Controller('v1/documents')
export class DocumentsController {
  constructor(private readonly output: DocumentOutputService) {}

  @Get(':type/:id/pdf')
  @ApiParam(DOCUMENT_TYPE_PARAM)
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: 'The document as a GST-correct PDF (raw bytes, not the envelope)' })
  async pdf(
    @CurrentCaller() caller: Caller,
    @Param('type') type: string,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: PdfQueryDto,
    @Req() req: EdgeRequest,
    @Res({ passthrough: true }) res: EdgeReply,
  ) {
    const kind = documentTypeOf(type, req, caller.principal);
    return sendPdf(res, await this.output.pdf(caller.account, kind, id, { copy: query.copy }), 'inline');
  }

  @Get(':type/:id/share')
  @ApiParam(DOCUMENT_TYPE_PARAM)
  @ApiOperation({ summary: 'Gets or creates the public link (the same URL until revoked)' })
  async getShare(@CurrentCaller() caller: Caller, @Param('type') type: string, @Param('id', ParseIdPipe) id: number, @Req() req: EdgeRequest) {
    return { share_url: await this.output.share(caller.account, documentTypeOf(type, req, caller.principal), id) };
  }

  @Post(':type/:id/share')
  @HttpCode(200)
  @ApiParam(DOCUMENT_TYPE_PARAM)
  async postShare(@CurrentCaller() caller: Caller, @Param('type') type: string, @Param('id', ParseIdPipe) id: number, @Req() req: EdgeRequest) {
    return this.getShare(caller, type, id, req);
  }

  @Delete(':type/:id/share')
  @ApiParam(DOCUMENT_TYPE_PARAM)
  @ApiOperation({ summary: 'Revokes the public link at once' })
  async revoke(@CurrentCaller() caller: Caller, @Param('type') type: string, @Param('id', ParseIdPipe) id: number, @Req() req: EdgeRequest) {
    await this.output.revoke(caller.account, documentTypeOf(type, req, caller.principal), id);
    return { revoked: true };
  }
}

@ApiTags('documents')
@Controller('v1/share')
export class PublicShareController {
  constructor(private readonly output: DocumentOutputService) {}

  @Get(':token')
  @Public()
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: 'Public link: streams the PDF inline, no authentication; 404 once revoked' })
  async shared(@Param('token') token: string, @Res({ passthrough: true }) res: EdgeReply) {
    return sendPdf(res, await this.output.sharedPdf(token), 'inline');
  }
}

@AccountApi('invoices')
@RequirePermission('invoices')
@Controller('v1/invoices')
export class InvoicesBulkPdfController {
  constructor(private readonly output: DocumentOutputService) {}

  /**
   * Every id must be an invoice of the account (else 404 with `details.missing_ids`, before any byte is
   * sent). The ZIP streams as PDFs finish: one `<number>.pdf` per invoice, in the order given.
   */
  @Post('bulk-pdf')
  @HttpCode(200)
  @ApiProduces('application/zip')
  @ApiOperation({ summary: 'A ZIP of invoice PDFs (up to 200 ids)' })
  async bulkPdf(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto, @Res({ passthrough: true }) res: EdgeReply) {
    const entries = await this.output.invoiceEntries(caller.account, body.ids);
    const zip = new JSZip();
    for (const entry of entries) {
      entry.bytes.catch(() => undefined); // a failure surfaces when the ZIP stream reaches the entry
      zip.file(entry.filename, entry.bytes);
    }
    res.header('Content-Type', 'application/zip');
    res.header('Content-Disposition', 'attachment; filename="invoices.zip"');
    return new StreamableFile(new Readable().wrap(zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' })));
  }
}
