import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { MaxLines } from '../common/limits';
import { DOCUMENT_STATUSES, DocumentStatus } from '@app/domain/documents/document-enums';
import { SUPPORTED_CURRENCIES } from '@app/domain/shared/currency';
import { IsAmount } from '../common/is-amount';
import { IsDateString } from '../common/is-date-string';
import { MAX_ID } from '../common/ids';
import { UNIT_CODES } from '@app/domain/tax/supply';
import { GstHeaderFields, HSN_CODE_DOC, TAX_RATE_DOC } from '../documents/gst-fields.dto';

const oneOf = (values: readonly string[]) => ({ message: `must be one of ${values.join(', ')}` });

/** A debit- or credit-note line. A line whose description is missing or blank is dropped silently. */
export class NoteLineDto {
  @ApiPropertyOptional({ example: 'Short supply against INV/25-26/0042', description: 'A line without a description is dropped' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(1000, { message: 'must be at most 1000 characters' })
  description?: string | null;

  @ApiPropertyOptional({ example: '2025-05-10', nullable: true, format: 'date' })
  @IsOptional()
  @IsDateString()
  expense_date?: string | null;

  @ApiPropertyOptional({
    example: 1180,
    default: 0,
    description: 'Line total; stored as sent (2 decimals), computed when taxable_value is sent without it and without tax',
  })
  @IsOptional()
  @IsAmount()
  amount?: number | string | null;

  @ApiPropertyOptional({ example: '998311', nullable: true, description: HSN_CODE_DOC })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(20, { message: 'must be at most 20 characters' })
  hsn_code?: string | null;

  @ApiPropertyOptional({ example: 2, nullable: true, description: 'Up to 3 decimals' }) @IsOptional() @IsAmount({ decimals: 3 }) quantity?:
    number | string | null;

  @ApiPropertyOptional({ example: 'NOS', nullable: true, description: 'Unit quantity code (UQC)' })
  @IsOptional()
  @IsIn(UNIT_CODES, oneOf(UNIT_CODES))
  unit?: string | null;

  @ApiPropertyOptional({ example: 1000, nullable: true, description: 'Taxable value of the line; with it the line carries GST' })
  @IsOptional()
  @IsAmount()
  taxable_value?: number | string | null;

  @ApiPropertyOptional({ example: 18, nullable: true, description: `${TAX_RATE_DOC} (on a note that refers to an invoice, that invoice's date)` })
  @IsOptional()
  @IsAmount({ decimals: 3, max: 100 })
  tax_rate?: number | string | null;
  @ApiPropertyOptional({ example: 90, nullable: true }) @IsOptional() @IsAmount() cgst_amount?: number | string | null;
  @ApiPropertyOptional({ example: 90, nullable: true }) @IsOptional() @IsAmount() sgst_amount?: number | string | null;
  @ApiPropertyOptional({ example: 0, nullable: true }) @IsOptional() @IsAmount() igst_amount?: number | string | null;

  @ApiPropertyOptional({
    example: 12,
    nullable: true,
    description:
      'Compensation cess rate in percent, ad valorem on taxable_value (0 to 290, up to 3 decimals), on a line with a taxable_value only; ' +
      "warned where no cess applies on the date of the invoice the note refers to (else the note's date)",
  })
  @IsOptional()
  @IsAmount({ decimals: 3, max: 290 })
  cess_rate?: number | string | null;

  @ApiPropertyOptional({
    example: 120,
    nullable: true,
    description:
      'Compensation cess of the line, part of its amount, on a line with a taxable_value only; computed from cess_rate when not sent, else stored as sent and checked',
  })
  @IsOptional()
  @IsAmount()
  cess_amount?: number | string | null;
}

/** A client id: a positive integer (ownership is checked by the domain). */
export function IsClientId() {
  return applyDecorators(
    IsInt({ message: 'must be a positive integer' }),
    Min(1, { message: 'must be a positive integer' }),
    Max(MAX_ID, { message: 'must be a positive integer' }),
  );
}

/** Header fields both note kinds accept, all optional. */
export class NoteCommonDto extends GstHeaderFields(class {}) {
  @ApiPropertyOptional({ nullable: true, description: 'Letter of undertaking of a zero-rated supply without payment' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(50, { message: 'must be at most 50 characters' })
  lut_number?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    description: "The invoice the note refers to (an invoice of the account); a credit note's defaults to source_invoice_id",
  })
  @IsOptional()
  @IsInt({ message: 'must be a positive integer' })
  @Min(1, { message: 'must be a positive integer' })
  @Max(MAX_ID, { message: 'must be a positive integer' })
  original_invoice_id?: number | null;

  @ApiPropertyOptional({ enum: SUPPORTED_CURRENCIES, description: "Default: the account's currency" })
  @IsOptional()
  @IsIn(SUPPORTED_CURRENCIES, { message: 'must be a supported currency code such as INR' })
  currency?: string | null;

  @ApiPropertyOptional({ enum: DOCUMENT_STATUSES, default: 'issued' })
  @IsOptional()
  @IsIn(DOCUMENT_STATUSES, oneOf(DOCUMENT_STATUSES))
  status?: DocumentStatus | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(5000, { message: 'must be at most 5000 characters' })
  declaration_text?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(500, { message: 'must be at most 500 characters' })
  transport_details?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(50, { message: 'must be at most 50 characters' })
  lr_number?: string | null;

  @ApiPropertyOptional({ type: [NoteLineDto], description: 'Replaces every line when sent; [] leaves none' })
  @ValidateIf((o: { items?: unknown }) => o.items !== undefined)
  @IsArray({ message: 'must be an array of lines' })
  @MaxLines()
  @ValidateNested({ each: true })
  @Type(() => NoteLineDto)
  items?: NoteLineDto[];
}
