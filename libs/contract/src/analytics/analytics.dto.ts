import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { IsDateString } from '../common/is-date-string';
import { IsFiscalYear } from '../common/ids';

/** `fy_start_year` (2025 = 2025-04-01..2026-03-31); omitted means all time. */
export class FiscalYearQueryDto {
  @ApiPropertyOptional({ description: 'Financial year start (2025 = 2025-04-01..2026-03-31); omitted means all time', example: 2025 })
  @IsOptional()
  @Type(() => Number)
  @IsFiscalYear()
  fy_start_year?: number;
}

/** `as_of` (default today in Asia/Kolkata) and `format` of the receivables ageing. */
export class AgeingQueryDto {
  @ApiPropertyOptional({ example: '2026-03-31', description: 'Date the ageing is taken at (Y-m-d); default today (Asia/Kolkata)' })
  @IsOptional()
  @IsDateString()
  as_of?: string;

  @ApiPropertyOptional({ enum: ['json', 'xlsx'], description: 'json (default, the envelope) or xlsx (the workbook, raw bytes)' })
  @IsOptional()
  @IsIn(['json', 'xlsx'], { message: 'must be json or xlsx' })
  format?: 'json' | 'xlsx';
}
