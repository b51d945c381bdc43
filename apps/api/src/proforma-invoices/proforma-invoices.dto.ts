import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { APPROVAL_STATUSES, DISCOUNT_TYPES } from '@app/domain/documents/document-enums';
import { SUPPORTED_CURRENCIES } from '@app/domain/shared/currency';
import { IsAmount } from '../common/is-amount';
import { IsDateString } from '../common/is-date-string';
import { ProductLineDto } from '../documents/product-line.dto';

const STRING = { message: 'must be a string' };
const POSITIVE_ID = { message: 'must be a positive integer' };
const LINES = { message: 'must be an array of line items' };

/** Fields that are optional on create and on PATCH. Enumerations are checked by the domain. */
class ProformaOptionalFieldsDto {
  @ApiPropertyOptional({ example: '2025-05-01', description: 'Default: the proforma date' }) @IsOptional() @IsDateString() validity_date?: string | null;
  @ApiPropertyOptional({ enum: APPROVAL_STATUSES, default: 'pending' }) @IsOptional() @IsString(STRING) approval_status?: string | null;
  @ApiPropertyOptional({ enum: SUPPORTED_CURRENCIES, description: 'Default: the account currency' }) @IsOptional() @IsString(STRING) currency?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(50) lut_number?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(65535) declaration_text?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(500) transport_details?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(50) lr_number?: string | null;
  @ApiPropertyOptional({ enum: DISCOUNT_TYPES, nullable: true }) @IsOptional() @IsString(STRING) discount_type?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsAmount() discount_value?: number | string | null;
}

export class CreateProformaInvoiceDto extends ProformaOptionalFieldsDto {
  @ApiProperty({ example: 12 }) @IsDefined({ message: 'is required' }) @IsInt(POSITIVE_ID) @Min(1, POSITIVE_ID) @Max(2147483647, POSITIVE_ID) client_id: number;
  @ApiProperty({ example: '2025-04-01' }) @IsDefined({ message: 'is required' }) @IsDateString() proforma_date: string;

  @ApiProperty({ type: [ProductLineDto], description: 'Required; lines with a blank description are dropped' })
  @IsDefined({ message: 'is required' }) @IsArray(LINES) @ValidateNested({ each: true }) @Type(() => ProductLineDto)
  items: ProductLineDto[];
}

export class UpdateProformaInvoiceDto extends ProformaOptionalFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsInt(POSITIVE_ID) @Min(1, POSITIVE_ID) @Max(2147483647, POSITIVE_ID) client_id?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsDateString() proforma_date?: string | null;

  @ApiPropertyOptional({ type: [ProductLineDto], description: 'When sent, replaces every line' })
  @IsOptional() @IsArray(LINES) @ValidateNested({ each: true }) @Type(() => ProductLineDto)
  items?: ProductLineDto[] | null;
}
