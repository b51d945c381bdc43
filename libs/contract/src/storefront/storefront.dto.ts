import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { commandFits } from '../common/commands';
import type { ConnectInput } from '@app/domain/storefront/storefront.service';
import { timestampProblem } from '../common/is-date-string';

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

/** 'Y-m-d' or 'Y-m-d H:i:s' (UTC), from 2000-01-01 to 2099-12-31. */
const IsSince = () =>
  ValidateBy({
    name: 'isSince',
    validator: {
      validate: (value: unknown) => timestampProblem(value, true) === null,
      defaultMessage: (args) => timestampProblem(args?.value, true) ?? 'must be a date written Y-m-d or a timestamp written Y-m-d H:i:s (UTC)',
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

commandFits<ConnectStorefrontDto, ConnectInput>(true);
