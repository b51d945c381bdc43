import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/auth/authenticate-caller.use-case';
import { AnalyticsService } from '@app/domain/analytics/analytics.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { FiscalYearQueryDto } from './analytics.dto';

@AccountApi('analytics')
@RequirePermission('analytics')
@Controller('v1/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('summary')
  @ApiOperation({ summary: 'Invoice count and revenue (issued and archived invoices less credit notes) of a financial year or all time' })
  summary(@CurrentCaller() caller: Caller, @Query() query: FiscalYearQueryDto) {
    return this.analytics.summary(caller.account.id, query.fy_start_year);
  }

  @Get('full')
  @ApiOperation({ summary: 'Invoices, expenses, receivables, monthly revenue, credit notes, proforma invoices, TDS, GST breakdown and inventory' })
  full(@CurrentCaller() caller: Caller, @Query() query: FiscalYearQueryDto) {
    return this.analytics.full(caller.account.id, query.fy_start_year);
  }
}
