import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CANCEL_REASONS } from '@app/domain/einvoice/einvoice.port';

export class CancelEInvoiceDto {
  @ApiProperty({ enum: CANCEL_REASONS, description: 'Why the IRN is cancelled (the portal codes 1 to 4)' })
  @IsIn(CANCEL_REASONS, { message: `must be one of ${CANCEL_REASONS.join(', ')}` })
  reason: string;
  @ApiPropertyOptional({ maxLength: 100, example: 'Wrong GSTIN of the buyer' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(100, { message: 'must be at most 100 characters' })
  remark?: string;
}
