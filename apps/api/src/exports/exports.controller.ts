import { Body, Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { Post } from '../idempotency/idempotent-routes';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import type { Gstr1File } from '@app/domain/gst-returns/gst-exports.port';
import { GstExportsService } from '@app/domain/gst-returns/gst-exports.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import type { EdgeReply } from '../edge/http-edge';
import { Gstr1MonthDto, Gstr1QueryDto, Gstr3bQueryDto } from '@app/contract/exports/exports.dto';
import { ReadsReplica } from '../common/replica-reads';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook answered as raw bytes, never cached. */
function fileAnswer(file: Gstr1File, res: EdgeReply): StreamableFile {
  res.header('Content-Type', file.contentType);
  res.header('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.header('Cache-Control', 'private, no-store');
  return new StreamableFile(Buffer.from(file.content));
}

@AccountApi('exports')
@RequirePermission('invoices')
@Controller('v1/exports')
export class ExportsController {
  constructor(private readonly exports: GstExportsService) {}

  @Get('gstr1')
  @ReadsReplica()
  @ApiProduces('application/json', XLSX)
  @ApiOperation({ summary: "GSTR-1 of a month or quarter in the GST portal offline tool's JSON (or ?format=xlsx)" })
  async gstr1(@CurrentCaller() caller: Caller, @Query() query: Gstr1QueryDto, @Res({ passthrough: true }) res: EdgeReply) {
    if (query.format === 'xlsx') return fileAnswer(await this.exports.gstr1Workbook(caller.account, query), res);
    return (await this.exports.gstr1(caller.account, query)).ret;
  }

  @Post('gstr1/filed')
  @ApiOperation({ summary: "Mark a month's GSTR-1 filed" })
  async markGstr1Filed(@CurrentCaller() caller: Caller, @Body() body: Gstr1MonthDto) {
    return this.exports.markGstr1Filed(caller.account, body);
  }

  @Get('gstr1a')
  @ReadsReplica()
  @ApiOperation({ summary: 'GSTR-1A of a month marked filed: the documents changed since, in GSTR-1 tables' })
  async gstr1a(@CurrentCaller() caller: Caller, @Query() query: Gstr1MonthDto) {
    return this.exports.gstr1a(caller.account, query);
  }

  @Get('gstr3b')
  @ReadsReplica()
  @ApiProduces('application/json', XLSX)
  @ApiOperation({ summary: 'GSTR-3B tables 3.1, 3.1.1 and 3.2 of a month or quarter (or ?format=xlsx)' })
  async gstr3b(@CurrentCaller() caller: Caller, @Query() query: Gstr3bQueryDto, @Res({ passthrough: true }) res: EdgeReply) {
    if (query.format === 'xlsx') return fileAnswer(await this.exports.gstr3bWorkbookFile(caller.account, query), res);
    return (await this.exports.gstr3b(caller.account, query)).answer;
  }
}
