import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional } from 'class-validator';
import { IsDateString } from '../common/is-date-string';
import { OfferStatusFields, OfferTermsFields } from '../documents/offer-document.dto';
import { DocumentLines, ProductLineDto } from '../documents/product-line.dto';
import { IsId } from '../common/ids';
import type { ProformaInvoiceInput } from '@app/domain/proforma-invoices/proforma-invoice-rules';
import { commandFits } from '../common/commands';

/** Fields that are optional on create and on PATCH. Enumerations are checked by the domain. */
class ProformaOptionalFieldsDto extends OfferTermsFields(OfferStatusFields('proforma')) {}

export class CreateProformaInvoiceDto extends ProformaOptionalFieldsDto {
  @ApiProperty({ example: 12 }) @IsDefined({ message: 'is required' }) @IsId() client_id: number;
  @ApiProperty({ example: '2025-04-01' }) @IsDefined({ message: 'is required' }) @IsDateString() proforma_date: string;

  @DocumentLines(ProductLineDto, { required: true, description: 'Required; lines with a blank description are dropped' })
  items: ProductLineDto[];
}

export class UpdateProformaInvoiceDto extends ProformaOptionalFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsId() client_id?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsDateString() proforma_date?: string | null;

  @DocumentLines(ProductLineDto, { description: 'When sent, replaces every line' })
  items?: ProductLineDto[] | null;
}

commandFits<CreateProformaInvoiceDto, ProformaInvoiceInput>(true);
commandFits<UpdateProformaInvoiceDto, ProformaInvoiceInput>(true);
