import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Caller } from '@app/domain/auth/authenticate-caller.use-case';
import { GstExportsService } from '@app/domain/gst-returns/gst-exports.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import type { EdgeReply } from '../edge/http-edge';
import { Gstr1QueryDto } from './exports.dto';

@AccountApi('exports')
@RequirePermission('invoices')
@Controller('v1/exports')
export class ExportsController {
  constructor(private readonly exports: GstExportsService) {}

  @Get('gstr1')
  @ApiProduces('application/json', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: "GSTR-1 of a month or quarter in the GST portal offline tool's JSON (or ?format=xlsx)" })
  async gstr1(@CurrentCaller() caller: Caller, @Query() query: Gstr1QueryDto, @Res({ passthrough: true }) res: EdgeReply) {
    if (query.format === 'xlsx') {
      const file = await this.exports.gstr1Workbook(caller.account, query);
      res.header('Content-Type', file.contentType);
      res.header('Content-Disposition', `attachment; filename="${file.filename}"`);
      res.header('Cache-Control', 'private, no-store');
      return new StreamableFile(Buffer.from(file.content));
    }
    return (await this.exports.gstr1(caller.account, query)).ret;
  }
}
