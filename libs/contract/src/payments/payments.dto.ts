import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsOptional, IsString, MaxLength, ValidateBy, ValidateNested } from 'class-validator';
import { ADVANCE_SUPPLIES, AdvanceSupply } from '@app/domain/payments/advance-tax';
import { ALLOCATION_DOCUMENT_TYPES, PAYMENT_MODES, PaymentMode } from '@app/domain/payments/payment';
import { MAX_ALLOCATIONS } from '@app/domain/payments/payment-rules';
import type { AllocateInput, PaymentInput, PaymentTextsInput } from '@app/domain/payments/payment-rules';
import { commandFits } from '../common/commands';
import { SUPPORTED_CURRENCIES } from '@app/domain/shared/currency';
import { GST_RATE_RULE, isGstRate } from '@app/domain/tax/gst-rates';
import { IsAmount } from '../common/is-amount';
import { IsDateString } from '../common/is-date-string';
import { SyncListQueryDto } from '../common/sync-list-query.dto';
import { OptionalEnumString } from '../common/optional-enum-string';
import { OptionalNonNull } from '../common/optional-non-null';
import { IsId, IsFiscalYear } from '../common/ids';

const STRING = { message: 'must be a string' };
const oneOf = (values: readonly string[]) => ({ message: `must be one of ${values.join(', ')}` });

/** One allocation: which document, how much of the payment, and how much of its TDS. */
export class AllocationDto {
  @ApiProperty({ enum: ALLOCATION_DOCUMENT_TYPES, example: 'invoice' })
  @IsDefined({ message: 'is required' })
  @IsIn(ALLOCATION_DOCUMENT_TYPES, oneOf(ALLOCATION_DOCUMENT_TYPES))
  document_type: string;

  @ApiProperty({ example: 42 })
  @IsDefined({ message: 'is required' })
  @IsId()
  document_id: number;

  @ApiProperty({ example: 59000, description: 'Part of the payment settling the document: at most its balance' })
  @IsDefined({ message: 'is required' })
  @IsAmount()
  amount: number | string;

  @ApiPropertyOptional({
    example: 1000,
    default: 0,
    description:
      "Part of the payment's tds_amount applied to the document (invoices only). An invoice without TDS of its own records it (its tds_amount grows by it and its receivable shrinks); on an invoice that carries tds_amount it matches that TDS, up to it, and is not counted again",
  })
  @OptionalNonNull()
  @IsAmount()
  tds_amount?: number | string;
}

const allocationsDoc = (description: string) => ApiPropertyOptional({ type: [AllocationDto], maxItems: MAX_ALLOCATIONS, description });

export class CreatePaymentDto {
  @ApiProperty({ example: 12 }) @IsDefined({ message: 'is required' }) @IsId() client_id: number;

  @ApiProperty({ example: 150000, description: 'Money received, more than 0' })
  @IsDefined({ message: 'is required' })
  @IsAmount()
  amount: number | string;

  @ApiProperty({ example: '2025-06-15' }) @IsDefined({ message: 'is required' }) @IsDateString() payment_date: string;

  @ApiProperty({ enum: PAYMENT_MODES, example: 'neft' })
  @IsDefined({ message: 'is required' })
  @IsIn(PAYMENT_MODES, oneOf(PAYMENT_MODES))
  mode: PaymentMode;

  @OptionalEnumString(SUPPORTED_CURRENCIES, { description: 'Default: the account currency; documents are settled only in their own currency' })
  currency?: string | null;

  @ApiPropertyOptional({ nullable: true, example: 'UTR 4521 7788 1290', description: 'Bank reference, cheque or UPI transaction number' })
  @IsOptional()
  @IsString(STRING)
  @MaxLength(100, { message: 'must be at most 100 characters' })
  reference?: string | null;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(1000, { message: 'must be at most 1000 characters' }) notes?:
    string | null;

  @ApiPropertyOptional({
    example: 2000,
    default: 0,
    description: 'Income-tax the client deducted at source on this receipt: counted as received for settlement (apply it with the allocations)',
  })
  @OptionalNonNull()
  @IsAmount()
  tds_amount?: number | string;

  @allocationsDoc('Documents the payment settles now; what it leaves unallocated is the client’s credit (an advance)')
  @OptionalNonNull()
  @IsArray({ message: 'must be an array of allocations' })
  @ArrayMaxSize(MAX_ALLOCATIONS, { message: `must hold at most ${MAX_ALLOCATIONS} allocations` })
  @ValidateNested({ each: true })
  @Type(() => AllocationDto)
  allocations?: AllocationDto[];
}

/** Only the texts of a payment change by PATCH; its amounts change through allocations. */
export class UpdatePaymentDto {
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(100, { message: 'must be at most 100 characters' }) reference?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(1000, { message: 'must be at most 1000 characters' }) notes?:
    string | null;
}

export class AllocatePaymentDto {
  @ApiProperty({ type: [AllocationDto], maxItems: MAX_ALLOCATIONS, description: 'Documents to settle from what the payment holds unallocated' })
  @IsDefined({ message: 'is required' })
  @IsArray({ message: 'must be an array of allocations' })
  @ArrayMaxSize(MAX_ALLOCATIONS, { message: `must hold at most ${MAX_ALLOCATIONS} allocations` })
  @ValidateNested({ each: true })
  @Type(() => AllocationDto)
  allocations: AllocationDto[];

  @ApiPropertyOptional({
    example: '2025-07-01',
    description: "Default: today (Asia/Kolkata), or the payment's date when that is later; not before the payment's date",
  })
  @OptionalNonNull()
  @IsDateString()
  allocation_date?: string;
}

export class PaymentListQueryDto extends SyncListQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsId() client_id?: number;

  @ApiPropertyOptional({ description: 'Financial year start (2025 = 2025-04-01..2026-03-31) of the payment date; overrides date_from/date_to' })
  @IsOptional()
  @Type(() => Number)
  @IsFiscalYear()
  fy_start_year?: number;

  @ApiPropertyOptional({ example: '2025-04-01', description: 'Payment date from' }) @IsOptional() @IsDateString() date_from?: string;
  @ApiPropertyOptional({ example: '2026-03-31', description: 'Payment date to' }) @IsOptional() @IsDateString() date_to?: string;
  @ApiPropertyOptional({ enum: PAYMENT_MODES }) @IsOptional() @IsIn(PAYMENT_MODES, oneOf(PAYMENT_MODES)) mode?: PaymentMode;
}

/** `GET /v1/payments/{id}/pdf`: what the advance is for and at which rate, when the records should not decide it. */
export class ReceiptVoucherQueryDto {
  @ApiPropertyOptional({
    enum: ADVANCE_SUPPLIES,
    description:
      "goods (no GST on the advance, notification 66/2017-Central Tax) or services (the GST included in the advance is shown). Default: from the invoices the advance was applied to, else the client's latest invoice (SAC codes of chapter 99 are services), else the account's inventory, else services",
  })
  @IsOptional()
  @IsIn(ADVANCE_SUPPLIES, oneOf(ADVANCE_SUPPLIES))
  supply?: AdvanceSupply;

  @ApiPropertyOptional({
    type: 'number',
    example: 18,
    description: 'GST rate (percent) of the supply the advance is for. Default: the highest rate of those invoice lines, else 18 (CGST rule 50, proviso)',
  })
  @IsOptional()
  @ValidateBy({ name: 'gst_rate', validator: { validate: (v: unknown) => typeof v === 'string' && isGstRate(v), defaultMessage: () => GST_RATE_RULE } })
  tax_rate?: string;
}

commandFits<CreatePaymentDto, PaymentInput>(true);
commandFits<UpdatePaymentDto, PaymentTextsInput>(true);
commandFits<AllocatePaymentDto, AllocateInput>(true);
