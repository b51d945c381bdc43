import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional } from 'class-validator';
import { INVOICE_TYPES, QUOTATION_DOCUMENT_KINDS } from '@app/domain/documents/document-enums';
import { IsDateString } from '../common/is-date-string';
import { OfferStatusFields, OfferTermsFields } from '../documents/offer-document.dto';
import { DocumentLines, ProductLineDto } from '../documents/product-line.dto';
import { OptionalEnumString } from '../common/optional-enum-string';
import { IsId } from '../common/ids';
import type { QuotationInput } from '@app/domain/quotations/quotation-rules';
import { commandFits } from '../common/commands';

/** The quotation's own fields, between the status fields and the terms. */
class QuotationKindFieldsDto extends OfferStatusFields('quotation') {
  @OptionalEnumString(INVOICE_TYPES, { description: 'Default: local_sale with a business GSTIN, else bill_of_supply' })
  quotation_type?: string | null;
  @OptionalEnumString(QUOTATION_DOCUMENT_KINDS, { default: 'quotation' })
  document_kind?: string | null;
}

/** Fields that are optional on create and on PATCH. Enumerations are checked by the domain. */
class QuotationOptionalFieldsDto extends OfferTermsFields(QuotationKindFieldsDto) {
  @DocumentLines(ProductLineDto, { description: 'Lines with a blank description are dropped; on PATCH, replaces all lines when sent' })
  items?: ProductLineDto[] | null;
}

export class CreateQuotationDto extends QuotationOptionalFieldsDto {
  @ApiProperty({ example: 12 }) @IsDefined({ message: 'is required' }) @IsId() client_id: number;
  @ApiProperty({ example: '2025-04-01' }) @IsDefined({ message: 'is required' }) @IsDateString() quotation_date: string;
}

export class UpdateQuotationDto extends QuotationOptionalFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsId() client_id?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsDateString() quotation_date?: string | null;
}

commandFits<CreateQuotationDto, QuotationInput>(true);
commandFits<UpdateQuotationDto, QuotationInput>(true);
