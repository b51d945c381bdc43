import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { APPROVAL_STATUSES, DISCOUNT_TYPES } from '@app/domain/documents/document-enums';
import { SUPPORTED_CURRENCIES } from '@app/domain/shared/currency';
import { IsAmount } from '../common/is-amount';
import { IsDateString } from '../common/is-date-string';
import { GstHeaderFields } from './gst-fields.dto';
import { OptionalEnumString } from '../common/optional-enum-string';

const STRING = { message: 'must be a string' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DtoClass = new (...args: any[]) => object;

/*
 * Request fields of quotations and proforma invoices that are optional on create and on PATCH; the
 * domain checks the enumerations. Validation errors and the OpenAPI schema list fields in the order the
 * classes are built, so a kind builds its optional fields as
 * `OfferTermsFields(class extends OfferStatusFields(...) { its own fields })`.
 */

/** validity_date, approval_status and currency. `documentName` is the document date's ('quotation'). */
export function OfferStatusFields(documentName: string) {
  class OfferStatusFieldsDto {
    @ApiPropertyOptional({ example: '2025-05-01', description: `Default: the ${documentName} date` }) @IsOptional() @IsDateString() validity_date?:
      string | null;
    @OptionalEnumString(APPROVAL_STATUSES, { default: 'pending' })
    approval_status?: string | null;
    @OptionalEnumString(SUPPORTED_CURRENCIES, { description: 'Default: the account currency' })
    currency?: string | null;
  }
  return OfferStatusFieldsDto;
}

/** lut_number, declaration_text, transport_details, lr_number, the header discount and the GST fields, after `Base`'s fields. */
export function OfferTermsFields<B extends DtoClass>(Base: B) {
  class OfferTermsFieldsDto extends Base {
    @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(50) lut_number?: string | null;
    @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(65535) declaration_text?: string | null;
    @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(500) transport_details?: string | null;
    @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(50) lr_number?: string | null;
    @OptionalEnumString(DISCOUNT_TYPES, { nullable: true })
    discount_type?: string | null;
    @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsAmount() discount_value?: number | string | null;
  }
  return GstHeaderFields(OfferTermsFieldsDto);
}
