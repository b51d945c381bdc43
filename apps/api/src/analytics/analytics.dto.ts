import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

const YEAR = { message: 'must be a year such as 2025' };

/** `fy_start_year` (2025 = 2025-04-01..2026-03-31); omitted means all time. */
export class FiscalYearQueryDto {
  @ApiPropertyOptional({ description: 'Financial year start (2025 = 2025-04-01..2026-03-31); omitted means all time', example: 2025 })
  @IsOptional()
  @Type(() => Number)
  @IsInt(YEAR)
  @Min(2000, YEAR)
  @Max(2100, YEAR)
  fy_start_year?: number;
}
