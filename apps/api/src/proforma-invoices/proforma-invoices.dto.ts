import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsDefined, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { MaxLines } from '../common/limits';
import { IsDateString } from '../common/is-date-string';
import { OfferStatusFields, OfferTermsFields } from '../documents/offer-document.dto';
import { ProductLineDto } from '../documents/product-line.dto';

const POSITIVE_ID = { message: 'must be a positive integer' };
const LINES = { message: 'must be an array of line items' };

/** Fields that are optional on create and on PATCH. Enumerations are checked by the domain. */
class ProformaOptionalFieldsDto extends OfferTermsFields(OfferStatusFields('proforma')) {}

export class CreateProformaInvoiceDto extends ProformaOptionalFieldsDto {
  @ApiProperty({ example: 12 }) @IsDefined({ message: 'is required' }) @IsInt(POSITIVE_ID) @Min(1, POSITIVE_ID) @Max(2147483647, POSITIVE_ID) client_id: number;
  @ApiProperty({ example: '2025-04-01' }) @IsDefined({ message: 'is required' }) @IsDateString() proforma_date: string;

  @ApiProperty({ type: [ProductLineDto], description: 'Required; lines with a blank description are dropped' })
  @IsDefined({ message: 'is required' })
  @IsArray(LINES)
  @MaxLines()
  @ValidateNested({ each: true })
  @Type(() => ProductLineDto)
  items: ProductLineDto[];
}

export class UpdateProformaInvoiceDto extends ProformaOptionalFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsInt(POSITIVE_ID) @Min(1, POSITIVE_ID) @Max(2147483647, POSITIVE_ID) client_id?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsDateString() proforma_date?: string | null;

  @ApiPropertyOptional({ type: [ProductLineDto], description: 'When sent, replaces every line' })
  @IsOptional()
  @IsArray(LINES)
  @MaxLines()
  @ValidateNested({ each: true })
  @Type(() => ProductLineDto)
  items?: ProductLineDto[] | null;
}
