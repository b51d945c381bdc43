import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { AnalyticsService } from '@app/domain/analytics/analytics.service';
import { ReceivablesAgeingService } from '@app/domain/analytics/receivables-ageing';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import type { EdgeReply } from '../edge/http-edge';
import { AgeingQueryDto, FiscalYearQueryDto } from '@app/contract/analytics/analytics.dto';
import { ReadsReplica } from '../common/replica-reads';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@AccountApi('analytics')
@RequirePermission('analytics')
@Controller('v1/analytics')
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly ageing: ReceivablesAgeingService,
  ) {}

  @Get('summary')
  @ReadsReplica()
  @ApiOperation({ summary: 'Invoice count and revenue (issued and archived invoices less credit notes) of a financial year or all time' })
  summary(@CurrentCaller() caller: Caller, @Query() query: FiscalYearQueryDto) {
    return this.analytics.summary(caller.account.id, query.fy_start_year);
  }

  @Get('full')
  @ReadsReplica()
  @ApiOperation({ summary: 'Invoices, expenses, receivables, monthly revenue, credit notes, proforma invoices, TDS, GST breakdown and inventory' })
  full(@CurrentCaller() caller: Caller, @Query() query: FiscalYearQueryDto) {
    return this.analytics.full(caller.account.id, query.fy_start_year);
  }

  @Get('receivables-ageing')
  @ReadsReplica()
  @ApiProduces('application/json', XLSX)
  @ApiOperation({ summary: 'Outstanding invoices and debit notes per client in buckets of days past due as of a date (or ?format=xlsx)' })
  async receivablesAgeing(@CurrentCaller() caller: Caller, @Query() query: AgeingQueryDto, @Res({ passthrough: true }) res: EdgeReply) {
    if (query.format !== 'xlsx') return this.ageing.ageing(caller.account, query.as_of);
    const file = await this.ageing.workbookFile(caller.account, query.as_of);
    res.header('Content-Type', file.contentType);
    res.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.header('Cache-Control', 'private, no-store');
    return new StreamableFile(Buffer.from(file.content));
  }
}
