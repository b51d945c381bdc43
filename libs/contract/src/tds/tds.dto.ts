import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PAYEE_TYPES, TDS_ACTS, THRESHOLD_MODES } from '@app/domain/tds/tds-section';
import { TDS_DIRECTIONS } from '@app/domain/tds/tds-deduction';
import { IsAmount } from '../common/is-amount';
import { IsDateString } from '../common/is-date-string';
import { FiscalYearQueryDto } from '../analytics/analytics.dto';
import { IsFiscalYear, IsId } from '../common/ids';
import type { CalculateInput, DepositInput } from '@app/domain/tds/tds.service';
import type { CertificateInput } from '@app/domain/tds/issue-tds-certificate.use-case';
import type { TdsSectionInput } from '@app/domain/tds/tds-section-rules';
import { commandFits } from '../common/commands';

const S = { message: 'must be a string' };
const REQUIRED = { message: 'is required' };
const RATE = { decimals: 3, max: 100 };
const oneOf = (values: readonly string[]) => ({ message: `must be one of ${values.join(', ')}` });

class TdsSectionFieldsDto {
  @ApiPropertyOptional({ enum: TDS_ACTS, description: 'The Act the row applies under; default 2025 when effective_from is 2026-04-01 or later, else 1961' })
  @IsOptional()
  @IsIn(TDS_ACTS, oneOf(TDS_ACTS))
  act?: string;
  @ApiPropertyOptional({ example: 'Fees for professional services' }) @IsOptional() @IsString(S) @MaxLength(255) description?: string;
  @ApiPropertyOptional({ example: 10, description: 'Percent for individuals and HUFs' }) @IsOptional() @IsAmount(RATE) rate_individual?: number;
  @ApiPropertyOptional({ example: 10, description: 'Percent for other payees (defaults to rate_individual)' })
  @IsOptional()
  @IsAmount(RATE)
  rate_other?: number;
  @ApiPropertyOptional({ example: 20, description: 'Percent without a PAN (section 206AA), default 20' }) @IsOptional() @IsAmount(RATE) no_pan_rate?: number;
  @ApiPropertyOptional({ nullable: true, example: 30000 }) @IsOptional() @IsAmount() single_threshold?: number | null;
  @ApiPropertyOptional({ nullable: true, example: 50000 }) @IsOptional() @IsAmount() yearly_threshold?: number | null;
  @ApiPropertyOptional({ enum: THRESHOLD_MODES, default: 'whole' }) @IsOptional() @IsIn(THRESHOLD_MODES, oneOf(THRESHOLD_MODES)) threshold_mode?: string;
  @ApiPropertyOptional({ nullable: true, example: '2025-04-01' }) @IsOptional() @IsDateString() effective_from?: string | null;
  @ApiPropertyOptional({ nullable: true, example: null }) @IsOptional() @IsDateString() effective_to?: string | null;
  @ApiPropertyOptional({ nullable: true, example: '393(1)' }) @IsOptional() @IsString(S) @MaxLength(60) act_2025_section?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(S) @MaxLength(10) act_2025_payment_code?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'Payment code for payees other than individuals and HUFs, where it differs' })
  @IsOptional()
  @IsString(S)
  @MaxLength(10)
  act_2025_payment_code_other?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(S) @MaxLength(500) source?: string | null;
}

export class CreateTdsSectionDto extends TdsSectionFieldsDto {
  @ApiProperty({ example: '194J' }) @IsDefined(REQUIRED) @IsString(S) @MaxLength(20) code: string;
}

export class UpdateTdsSectionDto extends TdsSectionFieldsDto {
  @ApiPropertyOptional({ example: '194J' }) @IsOptional() @IsString(S) @MaxLength(20) code?: string;
}

export class CalculateTdsDto {
  @ApiProperty({ example: 60000, description: 'Value of the payment before GST' }) @IsDefined(REQUIRED) @IsAmount() base_amount: number;
  @ApiProperty({ example: 1 }) @IsDefined(REQUIRED) @IsId() section_id: number;
  @ApiPropertyOptional({
    enum: PAYEE_TYPES,
    description: "Optional: without it the type named by deductee_pan is used, else the higher of the section's rates",
  })
  @IsOptional()
  @IsIn(PAYEE_TYPES, oneOf(PAYEE_TYPES))
  payee_type?: (typeof PAYEE_TYPES)[number];
  @ApiPropertyOptional({ example: true, default: true, description: 'Whether the payee gave a PAN' })
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  has_pan?: boolean;
  @ApiPropertyOptional({ example: 'AAPFU0939F', description: "The deductee's PAN; its fourth character names the payee type" })
  @IsOptional()
  @IsString(S)
  @MaxLength(10)
  deductee_pan?: string;
  @ApiPropertyOptional({ example: 0, description: 'Payments to this payee earlier in the financial year (before GST)' })
  @IsOptional()
  @IsAmount()
  ytd_amount?: number;
  @ApiPropertyOptional({ example: 0, description: 'The part of ytd_amount on which TDS was already deducted' })
  @IsOptional()
  @IsAmount()
  ytd_taxed_amount?: number;
  @ApiPropertyOptional({ example: '2025-06-30', description: 'Defaults to today; the section must be in force on it' })
  @IsOptional()
  @IsDateString()
  payment_date?: string;
}

export class DeductionsQueryDto extends FiscalYearQueryDto {
  @ApiPropertyOptional({ enum: TDS_DIRECTIONS }) @IsOptional() @IsIn(TDS_DIRECTIONS, oneOf(TDS_DIRECTIONS)) direction?: (typeof TDS_DIRECTIONS)[number];
}

export class ReportQueryDto {
  @ApiProperty({ example: 2025 })
  @IsDefined(REQUIRED)
  // A query's digits become a number; anything else stays as sent for the checks below (a body's object is a 400, not a 500).
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value))
  @IsFiscalYear()
  fy_start_year: number;
}

export class DepositDto {
  @ApiProperty({ example: '00012', description: '5-digit challan serial number' })
  @IsDefined(REQUIRED)
  @IsString(S)
  @Matches(/^\d{5}$/, { message: 'must be the 5-digit challan serial number' })
  challan_number: string;
  @ApiProperty({ example: '2025-07-05' }) @IsDefined(REQUIRED) @IsDateString() deposited_on: string;
  @ApiProperty({ example: '0510032', description: "Bank branch's 7-digit BSR code" })
  @IsDefined(REQUIRED)
  @IsString(S)
  @Matches(/^\d{7}$/, { message: "must be the bank branch's 7-digit BSR code" })
  bsr_code: string;
}

export class CertificateDto extends ReportQueryDto {
  @ApiProperty({ example: 'AAPFU0939F', description: 'PAN of the deductee (the vendor)' }) @IsDefined(REQUIRED) @IsString(S) @MaxLength(10) deductee: string;
  @ApiProperty({ example: 1, minimum: 1, maximum: 4 })
  @IsDefined(REQUIRED)
  @IsInt({ message: 'must be 1, 2, 3 or 4' })
  @Min(1, { message: 'must be 1, 2, 3 or 4' })
  @Max(4, { message: 'must be 1, 2, 3 or 4' })
  quarter: number;
  @ApiPropertyOptional({ example: 'BLRS12345C', description: "The deductor's TAN; defaults to the one of the account's latest certificate" })
  @IsOptional()
  @IsString(S)
  @MaxLength(10)
  tan?: string;
  @ApiPropertyOptional({ example: 'QWERTYUI', description: 'Receipt number (token) of the quarterly TDS statement' })
  @IsOptional()
  @IsString(S)
  @MaxLength(20)
  statement_receipt?: string;
}

commandFits<CreateTdsSectionDto, TdsSectionInput>(true);
commandFits<UpdateTdsSectionDto, TdsSectionInput>(true);
commandFits<CalculateTdsDto, CalculateInput>(true);
commandFits<DepositDto, DepositInput>(true);
commandFits<CertificateDto, CertificateInput>(true);
