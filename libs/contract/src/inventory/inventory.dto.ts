import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { OptionalNonNull } from '../common/optional-non-null';
import { CursorListQueryDto } from '../common/sync-list-query.dto';
import { MAX_LIMIT } from '@app/domain/shared/pagination';
import { DISCOUNT_TYPES } from '@app/domain/documents/document-enums';
import { INVENTORY_TYPES } from '@app/domain/inventory/inventory-item';
import { IsAmount } from '../common/is-amount';
import { GST_RATES } from '@app/domain/tax/gst-rates';
import { HSN_CODE_DOC } from '../documents/gst-fields.dto';
import type { InventoryInput, InventoryUpdate } from '@app/domain/inventory/inventory-rules';
import { commandFits } from '../common/commands';

class InventoryFieldsDto {
  @ApiPropertyOptional()
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(100, { message: 'must be at most 100 characters' })
  sku?: string;
  @ApiPropertyOptional()
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(30, { message: 'must be at most 30 characters' })
  barcode_type?: string;
  @ApiPropertyOptional({ enum: INVENTORY_TYPES, default: 'product' })
  @OptionalNonNull()
  @IsIn(INVENTORY_TYPES, { message: 'must be product or service' })
  type?: string;
  @ApiPropertyOptional()
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(2000, { message: 'must be at most 2000 characters' })
  description?: string;
  @ApiPropertyOptional({ description: 'Units in stock (whole number)' }) @OptionalNonNull() @IsInt({ message: 'must be a whole number' }) quantity?: number;
  @ApiPropertyOptional({ enum: DISCOUNT_TYPES, nullable: true })
  @IsOptional()
  @IsIn(DISCOUNT_TYPES, { message: 'must be percentage or fixed' })
  discount_type?: string | null;
  @ApiPropertyOptional() @OptionalNonNull() @IsAmount() discount_value?: number;
  @ApiPropertyOptional({ example: 18, description: `GST rate in percent, one of ${GST_RATES.join(', ')}; any other is 400` })
  @OptionalNonNull()
  @IsAmount({ decimals: 3, max: 100 })
  tax_rate?: number;
  @ApiPropertyOptional({ example: '8471', description: HSN_CODE_DOC })
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(20, { message: 'must be at most 20 characters' })
  hsn_code?: string;
  @ApiPropertyOptional({
    nullable: true,
    minimum: 0,
    maximum: 1_000_000_000,
    description: 'A stock movement that takes the quantity from above this to it or below raises `inventory.low_stock`; null: no alert',
  })
  @IsOptional()
  @IsInt({ message: 'must be a whole number' })
  @Min(0, { message: 'must be at least 0' })
  @Max(1_000_000_000, { message: 'must be at most 1000000000' })
  low_stock_threshold?: number | null;
}

export class CreateInventoryDto extends InventoryFieldsDto {
  @ApiProperty({ example: 'Laser printer' })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a string' })
  @MaxLength(255, { message: 'must be at most 255 characters' })
  name: string;

  @ApiProperty({ example: 12500, description: 'Unit rate before tax; must be positive' })
  @IsDefined({ message: 'is required' })
  @IsAmount()
  rate: number;

  @ApiPropertyOptional({ minimum: 0, description: 'Opening stock (whole number, at least 0); later the stock may go below zero' })
  @Min(0, { message: 'must be at least 0 (the opening stock)' })
  override quantity?: number;
}

export class UpdateInventoryDto extends InventoryFieldsDto {
  @ApiPropertyOptional()
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(255, { message: 'must be at most 255 characters' })
  name?: string;
  @ApiPropertyOptional() @OptionalNonNull() @IsAmount() rate?: number;
  @ApiPropertyOptional({ description: 'Recorded on the adjustment movement when quantity changes' })
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(500, { message: 'must be at most 500 characters' })
  note?: string;
}

/** A page of an item's movements: without `limit`, every movement (as the list answered before it paged). */
export class MovementsQueryDto extends OmitType(CursorListQueryDto, ['limit'] as const) {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LIMIT, description: `Movements per page, 1 to ${MAX_LIMIT}; without it, every movement of the item` })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(MAX_LIMIT, { message: `must be at most ${MAX_LIMIT}` })
  limit?: number;
}

commandFits<CreateInventoryDto, InventoryInput>(true);
commandFits<UpdateInventoryDto, InventoryUpdate>(true);
