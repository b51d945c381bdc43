import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { isValidEmail } from '@app/domain/shared/email';
import { CA_SYNC_FORMATS, CA_SYNC_FREQUENCIES, CaSyncInput } from '@app/domain/ca-sync/ca-sync';
import type { TestSendInput } from '@app/domain/ca-sync/ca-sync.service';
import { IsDateString } from '../common/is-date-string';
import { OptionalNonNull } from '../common/optional-non-null';
import { SUPPORTED_CURRENCIES } from '@app/domain/shared/currency';
import { INVOICE_TEMPLATES } from '@app/domain/documents/pdf-renderer.port';
import { DOCUMENT_KINDS, documentKind, PrefixSetting } from '@app/domain/documents/document-kinds';
import type { BusinessProfileInput } from '@app/domain/settings/business-profile.service';
import { commandFits } from '../common/commands';

const S = { message: 'must be a string' };

// The class and the interface below are one type on purpose: the prefix fields are declared from the document-kind registry.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class UpdateBusinessDto {
  @ApiPropertyOptional() @OptionalNonNull() @IsString(S) @MaxLength(255) business_name?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(S) @MaxLength(254) business_email?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(S) @MaxLength(1000) business_address?: string | null;
  @ApiPropertyOptional({ nullable: true, example: '27AAPFU0939F1ZV' })
  @IsOptional()
  @IsString(S)
  @MaxLength(15, { message: 'must be at most 15 characters' })
  business_gstin?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'Taken from the GSTIN when it is set' })
  @IsOptional()
  @IsString(S)
  @MaxLength(10, { message: 'must be at most 10 characters' })
  business_pan?: string | null;
  @ApiPropertyOptional({ nullable: true, example: '27' }) @IsOptional() @IsString(S) @MaxLength(2, { message: 'must be at most 2 characters' }) state_code?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(S) @MaxLength(20) phone?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'Public https URL of the logo (never a data: URI)' })
  @IsOptional()
  @IsString(S)
  @MaxLength(1000)
  logo_url?: string | null;
  @ApiPropertyOptional({ enum: SUPPORTED_CURRENCIES })
  @OptionalNonNull()
  @IsIn(SUPPORTED_CURRENCIES, { message: 'is not a supported currency' })
  currency?: string;
  @ApiPropertyOptional({
    example: 'Asia/Kolkata',
    description:
      'IANA time zone of the business (default Asia/Kolkata): the day on which recurring invoices are made and payment reminders sent is the date in it',
  })
  @OptionalNonNull()
  @IsString(S)
  @MaxLength(64, { message: 'must be at most 64 characters' })
  time_zone?: string;
  @ApiPropertyOptional({ nullable: true, description: 'Business signature: base64 PNG (or data:image/png;base64,...), at most 1 MB; null removes it' })
  @IsOptional()
  @IsString(S)
  @MaxLength(1400000, { message: 'must be at most 1400000 characters' })
  signature_png?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    description: 'Logo shown on PDFs: base64 PNG or JPEG (or a data:image/...;base64, URL), at most 1 MB; null removes it',
  })
  @IsOptional()
  @IsString(S)
  logo?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString(S) @MaxLength(255) bank_account_name?: string | null;
  @ApiPropertyOptional({ nullable: true, example: '50200012345678' }) @IsOptional() @IsString(S) @MaxLength(34) bank_account_number?: string | null;
  @ApiPropertyOptional({ nullable: true, example: 'HDFC0001234' }) @IsOptional() @IsString(S) @MaxLength(11) bank_ifsc?: string | null;
  @ApiPropertyOptional({ nullable: true, example: 'HDFC Bank' }) @IsOptional() @IsString(S) @MaxLength(255) bank_name?: string | null;
  @ApiPropertyOptional({ nullable: true, example: 'Koramangala, Bengaluru' }) @IsOptional() @IsString(S) @MaxLength(255) bank_branch?: string | null;
  @ApiPropertyOptional({ nullable: true, example: 'shakti@okhdfcbank', description: 'Invoice PDFs then carry a UPI payment QR code' })
  @IsOptional()
  @IsString(S)
  @MaxLength(255)
  upi_id?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '42000000',
    description: 'Aggregate turnover of the previous financial year in rupees: above 5 crore the GSTR-1 HSN summary has 6 digits, else 4',
  })
  @IsOptional()
  @ValidateBy({
    name: 'isRupees',
    validator: {
      validate: (v: unknown) => (typeof v === 'string' || typeof v === 'number') && /^\d{1,15}(\.\d{1,2})?$/.test(String(v).trim()),
      defaultMessage: () => 'must be an amount in rupees (up to 2 decimals), or null',
    },
  })
  aggregate_turnover?: string | number | null;
  @ApiPropertyOptional({ description: 'Turns e-invoicing (IRN) on; needs the GSTIN and prefixes whose numbers fit ^[A-Z1-9][A-Z0-9/-]{0,15}$' })
  @OptionalNonNull()
  @IsBoolean({ message: 'must be true or false' })
  einvoice_enabled?: boolean;
}

/** One optional number-prefix field per document kind (`invoice_prefix`, ...), declared from the registry. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- see the class above
export interface UpdateBusinessDto extends Partial<Record<PrefixSetting, string | null>> {}
for (const kind of DOCUMENT_KINDS) {
  const { prefixSetting, defaultPrefix } = documentKind(kind);
  for (const decorate of [
    ApiPropertyOptional({ type: String, example: defaultPrefix, maxLength: 5 }),
    IsOptional(),
    IsString(S),
    MaxLength(5, { message: 'must be at most 5 characters' }),
  ]) {
    decorate(UpdateBusinessDto.prototype, prefixSetting);
  }
}

export class UpdateTemplatesDto {
  @ApiPropertyOptional({ enum: INVOICE_TEMPLATES })
  @OptionalNonNull()
  @IsIn(INVOICE_TEMPLATES, { message: `must be one of ${INVOICE_TEMPLATES.join(', ')}` })
  invoice_template?: string;
}

export class UpdateCaSyncDto {
  @ApiPropertyOptional({ description: 'Mail the books to the CA on the first day of each period' })
  @OptionalNonNull()
  @IsBoolean({ message: 'must be true or false' })
  enabled?: boolean;
  @ApiPropertyOptional({ nullable: true, example: 'ca@example.com' })
  @IsOptional()
  @IsString(S)
  @MaxLength(254, { message: 'must be at most 254 characters' })
  @ValidateIf((_o: unknown, v: unknown) => v !== null && v !== '')
  @ValidateBy({
    name: 'isEmailAddress',
    validator: { validate: (v: unknown) => typeof v === 'string' && isValidEmail(v), defaultMessage: () => 'must be a valid email address' },
  })
  ca_email?: string | null;
  @ApiPropertyOptional({ enum: CA_SYNC_FREQUENCIES })
  @OptionalNonNull()
  @IsIn(CA_SYNC_FREQUENCIES, { message: `must be one of ${CA_SYNC_FREQUENCIES.join(', ')}` })
  frequency?: string;
  @ApiPropertyOptional({ enum: CA_SYNC_FORMATS })
  @OptionalNonNull()
  @IsIn(CA_SYNC_FORMATS, { message: `must be one of ${CA_SYNC_FORMATS.join(', ')}` })
  format?: string;
}

export class CaSyncTestSendDto {
  @ApiPropertyOptional({ example: '2026-10-01', description: 'First day of the period (with `to`); default: the period before today' })
  @OptionalNonNull()
  @IsDateString()
  from?: string;
  @ApiPropertyOptional({ example: '2026-10-31', description: 'Last day of the period (with `from`)' })
  @OptionalNonNull()
  @IsDateString()
  to?: string;
}

// The number prefixes leave the body as `prefixes` keyed by document kind (the settings controller builds it); the
// template has its own route.
commandFits<Omit<UpdateBusinessDto, PrefixSetting>, Omit<BusinessProfileInput, 'prefixes' | 'invoiceTemplate'>>(true);
commandFits<UpdateTemplatesDto, Pick<BusinessProfileInput, 'invoiceTemplate'>>(true);

commandFits<UpdateCaSyncDto, CaSyncInput>(true);
commandFits<CaSyncTestSendDto, TestSendInput>(true);
