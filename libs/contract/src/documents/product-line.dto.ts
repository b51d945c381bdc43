import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsDefined, IsIn, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { MaxLines } from '../common/limits';
import { OptionalNonNull } from '../common/optional-non-null';
import { DISCOUNT_TYPES } from '@app/domain/documents/document-enums';
import { hasDescription } from '@app/domain/documents/product-lines';
import { IsAmount } from '../common/is-amount';
import { HSN_CODE_DOC, TAX_RATE_DOC } from './gst-fields.dto';
import { IsId } from '../common/ids';

const numberToString = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** A line is checked only when it has a description: lines without one are dropped, never rejected. */
const IfDescribed = () => ValidateIf((line: unknown) => hasDescription(line));

/**
 * Invoice-style line (quotations and proforma invoices). Amounts are stored as sent; a line that sends none of
 * cgst_amount, sgst_amount, igst_amount and total_amount gets them computed by the tax rule.
 */
export class ProductLineDto {
  @ApiPropertyOptional({ example: 'Consulting, March', description: 'Lines with a missing or blank description are silently ignored' })
  @IfDescribed()
  @IsString({ message: 'must be a string' })
  @MaxLength(1000, { message: 'must be at most 1000 characters' })
  item_description?: string;

  @ApiPropertyOptional({ example: '998311', description: HSN_CODE_DOC })
  @IfDescribed()
  @OptionalNonNull()
  @Transform(numberToString)
  @IsString({ message: 'must be a string' })
  @MaxLength(20, { message: 'must be at most 20 characters' })
  hsn_code?: string;

  @ApiPropertyOptional({ example: 2, description: 'Up to 3 decimals' })
  @IfDescribed()
  @OptionalNonNull()
  @IsAmount({ decimals: 3 })
  quantity?: number | string;

  @ApiPropertyOptional({ example: 1000, description: 'Unit rate before tax' })
  @IfDescribed()
  @OptionalNonNull()
  @IsAmount()
  rate?: number | string;

  @ApiPropertyOptional({ example: 18, description: TAX_RATE_DOC })
  @IfDescribed()
  @OptionalNonNull()
  @IsAmount({ decimals: 3, max: 100 })
  tax_rate?: number | string;

  @ApiPropertyOptional({ example: 180 }) @IfDescribed() @OptionalNonNull() @IsAmount() cgst_amount?: number | string;
  @ApiPropertyOptional({ example: 180 }) @IfDescribed() @OptionalNonNull() @IsAmount() sgst_amount?: number | string;
  @ApiPropertyOptional({ example: 0 }) @IfDescribed() @OptionalNonNull() @IsAmount() igst_amount?: number | string;

  @ApiPropertyOptional({
    example: 12,
    nullable: true,
    description: 'Compensation cess rate in percent, ad valorem on the taxable value (0 to 290, up to 3 decimals); warned where no cess applies on the date',
  })
  @IfDescribed()
  @IsOptional()
  @IsAmount({ decimals: 3, max: 290 })
  cess_rate?: number | string | null;

  @ApiPropertyOptional({
    example: 120,
    nullable: true,
    description: 'Compensation cess of the line, part of its total; computed from cess_rate when not sent, else stored as sent and checked',
  })
  @IfDescribed()
  @IsOptional()
  @IsAmount()
  cess_amount?: number | string | null;

  @ApiPropertyOptional({ example: 2360, description: 'Line total including tax; stored as sent (computed when no amount of the line is sent)' })
  @IfDescribed()
  @OptionalNonNull()
  @IsAmount()
  total_amount?: number | string;

  @ApiPropertyOptional({ enum: DISCOUNT_TYPES, nullable: true })
  @IfDescribed()
  @IsOptional()
  @IsIn(DISCOUNT_TYPES, { message: `must be one of ${DISCOUNT_TYPES.join(', ')}` })
  discount_type?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IfDescribed()
  @IsOptional()
  @IsAmount()
  discount_value?: number | string | null;

  @ApiPropertyOptional({ example: 'NOS', nullable: true, description: 'Unit quantity code (UQC) of the GST returns: NOS, PCS, KGS, LTR, MTR, BOX, OTH, ...' })
  @IfDescribed()
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(8, { message: 'must be at most 8 characters' })
  unit?: string | null;
}

/** Invoice line: may link an inventory item. */
export class InvoiceLineDto extends ProductLineDto {
  @ApiPropertyOptional({ nullable: true, description: 'Inventory item of the account' })
  @IfDescribed()
  @IsOptional()
  @IsId()
  inventory_id?: number | null;
}

/**
 * The `items` of an invoice, quotation or proforma invoice: an array of at most MAX_DOCUMENT_LINES lines of
 * `line`, each validated; required on create where the kind needs lines. The decorators are applied in the
 * order stacked decorators are (bottom up), which is the order of the field's validation messages.
 */
export function DocumentLines(line: new () => ProductLineDto, doc: { required?: boolean; description: string }): PropertyDecorator {
  return applyDecorators(
    Type(() => line),
    ValidateNested({ each: true }),
    MaxLines(),
    IsArray({ message: 'must be an array of line items' }),
    doc.required ? IsDefined({ message: 'is required' }) : IsOptional(),
    doc.required ? ApiProperty({ type: [line], description: doc.description }) : ApiPropertyOptional({ type: [line], description: doc.description }),
  );
}
