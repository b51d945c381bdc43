import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiProduces, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Caller } from '@app/domain/shared/caller';
import { ClientStatementService } from '@app/domain/payments/client-statement';
import { StatementPdfService } from '@app/domain/payments/statement-pdf';
import { presentClientStatement } from '@app/contract/clients/client-statement.presenter';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { IsDateString } from '@app/contract/common/is-date-string';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { sendPdf } from '../document-output/send-pdf';
import type { EdgeReply } from '../edge/http-edge';
import { ReadsReplica } from '../common/replica-reads';

const YEAR = { message: 'must be a year such as 2025' };

export class StatementPeriodDto {
  @ApiPropertyOptional({ example: '2025-04-01', description: 'First day (default: the start of the current financial year)' })
  @IsOptional()
  @IsDateString()
  from?: string;

  @ApiPropertyOptional({ example: '2026-03-31', description: 'Last day (default: the end of the current financial year)' })
  @IsOptional()
  @IsDateString()
  to?: string;

  @ApiPropertyOptional({ description: 'Financial year start (2025 = 2025-04-01..2026-03-31); overrides from/to' })
  @IsOptional()
  @Type(() => Number)
  @IsInt(YEAR)
  @Min(2000, YEAR)
  @Max(2098, YEAR)
  fy_start_year?: number;
}

export class StatementQueryDto extends StatementPeriodDto {
  @ApiPropertyOptional({ enum: ['json', 'pdf'], description: 'json (default, the envelope) or pdf (the statement printed, raw bytes)' })
  @IsOptional()
  @IsIn(['json', 'pdf'], { message: 'must be json or pdf' })
  format?: 'json' | 'pdf';
}

/**
 * `/v1/clients/{id}/statement`: the client's statement of account. It shows what the client was invoiced and what
 * it paid, so it needs the `payments` permission (receivables), not `clients` alone.
 */
@AccountApi('clients')
@RequirePermission('payments')
@Controller('v1/clients')
export class ClientStatementController {
  constructor(
    private readonly statements: ClientStatementService,
    private readonly pdfs: StatementPdfService,
  ) {}

  @Get(':id/statement')
  @ReadsReplica()
  @ApiProduces('application/json', 'application/pdf')
  async statement(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: StatementQueryDto,
    @Res({ passthrough: true }) res: EdgeReply,
  ) {
    const period = { from: query.from, to: query.to, fyStartYear: query.fy_start_year };
    if (query.format === 'pdf') return sendPdf(res, await this.pdfs.pdf(caller.account, id, period), 'inline');
    return presentClientStatement(await this.statements.statement(caller, id, period));
  }
}
