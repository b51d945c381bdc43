import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { APPROVAL_STATUSES, DISCOUNT_TYPES, INVOICE_TYPES, QUOTATION_DOCUMENT_KINDS } from '@app/domain/documents/document-enums';
import { SUPPORTED_CURRENCIES } from '@app/domain/shared/currency';
import { IsAmount } from '../common/is-amount';
import { IsDateString } from '../common/is-date-string';
import { ProductLineDto } from '../documents/product-line.dto';

const STRING = { message: 'must be a string' };
const POSITIVE_ID = { message: 'must be a positive integer' };

/** Fields that are optional on create and on PATCH. Enumerations are checked by the domain. */
class QuotationOptionalFieldsDto {
  @ApiPropertyOptional({ example: '2025-05-01', description: 'Default: the quotation date' }) @IsOptional() @IsDateString() validity_date?: string | null;
  @ApiPropertyOptional({ enum: APPROVAL_STATUSES, default: 'pending' }) @IsOptional() @IsString(STRING) approval_status?: string | null;
  @ApiPropertyOptional({ enum: SUPPORTED_CURRENCIES, description: 'Default: the account currency' }) @IsOptional() @IsString(STRING) currency?: string | null;
  @ApiPropertyOptional({ enum: INVOICE_TYPES, description: 'Default: local_sale with a business GSTIN, else bill_of_supply' })
  @IsOptional() @IsString(STRING) quotation_type?: string | null;
  @ApiPropertyOptional({ enum: QUOTATION_DOCUMENT_KINDS, default: 'quotation' }) @IsOptional() @IsString(STRING) document_kind?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(50) lut_number?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(65535) declaration_text?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(500) transport_details?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(50) lr_number?: string | null;
  @ApiPropertyOptional({ enum: DISCOUNT_TYPES, nullable: true }) @IsOptional() @IsString(STRING) discount_type?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsAmount() discount_value?: number | string | null;

  @ApiPropertyOptional({ type: [ProductLineDto], description: 'Lines with a blank description are dropped; on PATCH, replaces all lines when sent' })
  @IsOptional() @IsArray({ message: 'must be an array of line items' }) @ValidateNested({ each: true }) @Type(() => ProductLineDto)
  items?: ProductLineDto[] | null;
}

export class CreateQuotationDto extends QuotationOptionalFieldsDto {
  @ApiProperty({ example: 12 }) @IsDefined({ message: 'is required' }) @IsInt(POSITIVE_ID) @Min(1, POSITIVE_ID) @Max(2147483647, POSITIVE_ID) client_id: number;
  @ApiProperty({ example: '2025-04-01' }) @IsDefined({ message: 'is required' }) @IsDateString() quotation_date: string;
}

export class UpdateQuotationDto extends QuotationOptionalFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsInt(POSITIVE_ID) @Min(1, POSITIVE_ID) @Max(2147483647, POSITIVE_ID) client_id?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsDateString() quotation_date?: string | null;
}
