import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Caller } from '@app/domain/auth/authenticate-caller.use-case';
import { ClientStatementService } from '@app/domain/payments/client-statement';
import { presentClientStatement } from '@app/domain/presentation/client-statement.presenter';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { IsDateString } from '../common/is-date-string';
import { ParseIdPipe } from '../common/parse-id.pipe';

const YEAR = { message: 'must be a year such as 2025' };

export class StatementQueryDto {
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

/**
 * `/v1/clients/{id}/statement`: the client's statement of account. It shows what the client was invoiced and what
 * it paid, so it needs the `payments` permission (receivables), not `clients` alone.
 */
@AccountApi('clients')
@RequirePermission('payments')
@Controller('v1/clients')
export class ClientStatementController {
  constructor(private readonly statements: ClientStatementService) {}

  @Get(':id/statement')
  async statement(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Query() query: StatementQueryDto) {
    return presentClientStatement(await this.statements.statement(caller, id, { from: query.from, to: query.to, fyStartYear: query.fy_start_year }));
  }
}
