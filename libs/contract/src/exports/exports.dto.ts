import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

export class Gstr1QueryDto {
  @ApiPropertyOptional({ example: '2026-10', description: 'A month (YYYY-MM); or give `quarter`' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month such as 2026-10' })
  period?: string;
  @ApiPropertyOptional({ example: '2026-Q3', description: 'A quarter of the financial year starting in YYYY (Q1 April-June ... Q4 January-March)' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @Matches(/^\d{4}-Q[1-4]$/, { message: 'must be a quarter such as 2026-Q3' })
  quarter?: string;
  @ApiPropertyOptional({ enum: ['json', 'xlsx'], description: 'json (default, the envelope) or xlsx (the workbook, raw bytes)' })
  @IsOptional()
  @IsIn(['json', 'xlsx'], { message: 'must be json or xlsx' })
  format?: string;
}

/** GSTR-3B: a month or a quarter, JSON or a workbook, as GSTR-1. */
export class Gstr3bQueryDto extends Gstr1QueryDto {}

/** A month, as GSTR-1 is marked filed and GSTR-1A asked for. */
export class Gstr1MonthDto {
  @ApiProperty({ example: '2026-10', description: 'The month (YYYY-MM)' })
  @IsString({ message: 'must be a string' })
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month such as 2026-10' })
  period!: string;
}
