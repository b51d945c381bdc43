import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { isValidDate } from '@app/domain/shared/fiscal-year';

export class ConnectStorefrontDto {
  @ApiProperty({ description: 'Host name of the shop (no scheme, port or path)', example: 'my-shop.example.com', maxLength: 253 })
  @IsString({ message: 'must be a string' })
  @MaxLength(253, { message: 'must be at most 253 characters' })
  shop_domain: string;

  @ApiProperty({ description: 'An admin API access token of the shop; checked with the shop, stored encrypted, never shown again', maxLength: 500 })
  @IsString({ message: 'must be a string' })
  @MaxLength(500, { message: 'must be at most 500 characters' })
  access_token: string;
}

/** 'Y-m-d' or 'Y-m-d H:i:s' (UTC). */
const IsSince = () =>
  ValidateBy({
    name: 'isSince',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(value) && isValidDate(value.slice(0, 10)),
      defaultMessage: () => 'must be a date written Y-m-d or a timestamp written Y-m-d H:i:s (UTC)',
    },
  });

export class BackfillStorefrontDto {
  @ApiPropertyOptional({
    type: String,
    description: 'Only orders created at or after this (UTC); all past orders when absent',
    example: '2025-04-01',
    nullable: true,
  })
  @IsOptional()
  @IsSince()
  since?: string | null;
}
