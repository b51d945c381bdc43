import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsDefined, IsOptional, IsString, MaxLength } from 'class-validator';
import { DISCOUNT_TYPES, DOCUMENT_STATUSES, INVOICE_TYPES, PAYMENT_STATUSES } from '@app/domain/documents/document-enums';
import { SUPPORTED_CURRENCIES } from '@app/domain/shared/currency';
import { IsAmount } from '../common/is-amount';
import { IsDateString, IsTimestampString } from '../common/is-date-string';
import { CursorListQueryDto } from '../common/sync-list-query.dto';
import { DocumentLines, InvoiceLineDto } from '../documents/product-line.dto';
import { GstHeaderFields } from '../documents/gst-fields.dto';
import { OptionalEnumString } from '../common/optional-enum-string';
import { DESTINATION_COUNTRY_RULE } from '@app/domain/tax/countries';
import { IsId } from '../common/ids';
import type { ConversionInput, InvoiceInput } from '@app/domain/invoices/invoice-rules';
import { commandFits } from '../common/commands';

const STRING = { message: 'must be a string' };

/** Fields that are optional on create and on PATCH. Enumerations are checked by the domain. */
class InvoiceOptionalFieldsDto extends GstHeaderFields(class {}) {
  @OptionalEnumString(PAYMENT_STATUSES, { default: 'pending' })
  payment_status?: string | null;
  @OptionalEnumString(DOCUMENT_STATUSES, { default: 'issued' })
  status?: string | null;
  @OptionalEnumString(SUPPORTED_CURRENCIES, { description: 'Default: the account currency' })
  currency?: string | null;
  @OptionalEnumString(INVOICE_TYPES, { description: 'Default: local_sale with a business GSTIN, else bill_of_supply' })
  invoice_type?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(50) lut_number?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(65535) declaration_text?: string | null;
  @ApiPropertyOptional({ description: 'Needed with payment_status partial; set to the receivable when paid' })
  @IsOptional()
  @IsAmount()
  paid_amount?: number | string | null;
  @ApiPropertyOptional({ example: '2025-04-15', nullable: true }) @IsOptional() @IsDateString() payment_date?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(500) transport_details?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(STRING) @MaxLength(50) lr_number?: string | null;
  @OptionalEnumString(DISCOUNT_TYPES, { nullable: true })
  discount_type?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsAmount() discount_value?: number | string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsId() tds_section_id?: number | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsAmount({ decimals: 3, max: 100 }) tds_rate?: number | string | null;
  @ApiPropertyOptional({ nullable: true, description: 'TDS deducted by the client; reduces the amount receivable' })
  @IsOptional()
  @IsAmount()
  tds_amount?: number | string | null;
  @ApiPropertyOptional({
    nullable: true,
    example: 'Pier 9, Port of Oakland, CA 94607',
    description:
      "Address of delivery. An export invoice carries it (CGST rule 46, third proviso) and prints it; when none is given the recipient's address is printed as the address of delivery",
  })
  @IsOptional()
  @IsString(STRING)
  @MaxLength(500, { message: 'must be at most 500 characters' })
  delivery_address?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    example: 'US',
    description:
      'Country of destination of an export: its two-letter ISO 3166-1 code (not IN), printed by its name on an export invoice and sent as ExpDtls.CntCode in the e-invoice. ' +
      'An export invoice without it carries the warning destination_country_missing',
  })
  @IsOptional()
  @IsString(STRING)
  @MaxLength(2, { message: DESTINATION_COUNTRY_RULE })
  destination_country?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    example: '29AAACH7409R1ZX',
    description:
      'GSTIN of a ship-to party other than the recipient (the goods go to it, the invoice to the client): checked with its check character; needs ship_to_name and a delivery_address with the PIN code. ' +
      'Sent as the e-invoice ShipDtls and as the e-way bill shipToGSTIN (Bill To - Ship To)',
  })
  @IsOptional()
  @IsString(STRING)
  @MaxLength(15, { message: 'must be 15 characters' })
  ship_to_gstin?: string | null;
  @ApiPropertyOptional({ nullable: true, maxLength: 100, description: 'Legal name of the ship-to party (with ship_to_gstin)' })
  @IsOptional()
  @IsString(STRING)
  @MaxLength(100, { message: 'must be at most 100 characters' })
  ship_to_name?: string | null;

  @DocumentLines(InvoiceLineDto, { description: 'Lines with a blank description are dropped; on PATCH, replaces all lines when sent' })
  items?: InvoiceLineDto[] | null;
}

export class CreateInvoiceDto extends InvoiceOptionalFieldsDto {
  @ApiProperty({ example: 12 }) @IsDefined({ message: 'is required' }) @IsId() client_id: number;
  @ApiProperty({ example: '2025-04-01' }) @IsDefined({ message: 'is required' }) @IsDateString() invoice_date: string;
  @ApiProperty({ example: '2025-04-30' }) @IsDefined({ message: 'is required' }) @IsDateString() payment_due_date: string;
}

/** Partial JSON merged over the stored invoice. */
export class UpdateInvoiceDto extends InvoiceOptionalFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsId() client_id?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsDateString() invoice_date?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsDateString() payment_due_date?: string | null;
}

export class RecentPaymentsQueryDto extends CursorListQueryDto {
  @ApiPropertyOptional({ example: '2025-04-01 10:00:00', description: 'UTC, Y-m-d H:i:s; default one hour ago' })
  @IsOptional()
  @IsTimestampString()
  since?: string;
}

/** Optional body of convert-to-invoice (read by hand: the domain checks the dates). */
export class ConvertToInvoiceDto {
  @ApiPropertyOptional({ example: '2025-04-01', description: 'Default: today (Asia/Kolkata)' }) @Allow() invoice_date?: string;
  @ApiPropertyOptional({ example: '2025-04-30', description: 'Default: the invoice date' }) @Allow() payment_due_date?: string;
}

/** The conversion fields of a raw (possibly absent) body; the domain checks the dates. */
export function conversionInputOf(body: unknown): ConvertToInvoiceDto {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const { invoice_date, payment_due_date } = body as Record<string, string | undefined>;
  return { invoice_date, payment_due_date };
}

commandFits<CreateInvoiceDto, InvoiceInput>(true);
commandFits<UpdateInvoiceDto, InvoiceInput>(true);
commandFits<ConvertToInvoiceDto, ConversionInput>(true);
