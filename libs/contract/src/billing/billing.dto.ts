import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

const required = { message: 'is required' };
const text = { message: 'must be a string' };
const max = (n: number) => MaxLength(n, { message: `must be at most ${n} characters` });

export class IosConfirmDto {
  @ApiProperty({ example: '2000000812345678', description: 'The App Store transaction id of the purchase' })
  @IsDefined(required)
  @IsString(text)
  @IsNotEmpty(required)
  @max(64)
  transaction_id: string;

  @ApiPropertyOptional({ example: '2000000800000001', description: "When sent, it must be the store's original transaction id" })
  @IsOptional()
  @IsString(text)
  @max(64)
  original_transaction_id?: string;

  @ApiPropertyOptional({ example: 'pro_monthly', description: 'The monthly or yearly Pro product' })
  @IsOptional()
  @IsString(text)
  @max(150)
  product_id?: string;
}

export class AndroidConfirmDto {
  @ApiProperty({ description: 'The Google Play purchase token' })
  @IsDefined(required)
  @IsString(text)
  @IsNotEmpty(required)
  @max(1000)
  purchase_token: string;

  @ApiPropertyOptional({ example: 'pro_monthly', description: 'The monthly or yearly Pro product' })
  @IsOptional()
  @IsString(text)
  @max(150)
  product_id?: string;
}

export class IosNotificationDto {
  @ApiProperty({ description: 'App Store Server Notification V2: the JWS signed by Apple' })
  @IsDefined(required)
  @IsString(text)
  @IsNotEmpty(required)
  @max(100_000)
  signedPayload: string;
}

export class PubSubMessageDto {
  @ApiProperty({ description: 'base64 of the Play developer notification JSON' })
  data: string;

  @ApiProperty({ example: '1234567890' })
  messageId: string;
}

export class AndroidNotificationDto {
  @ApiProperty({ type: PubSubMessageDto })
  @IsDefined(required)
  @IsObject({ message: 'must be an object' })
  message: Record<string, unknown>;

  @ApiPropertyOptional({ example: 'projects/p/subscriptions/s' })
  @IsOptional()
  @IsString(text)
  subscription?: string;

  @ApiPropertyOptional({ example: 1, description: 'Delivery attempts so far, which Pub/Sub adds when the subscription has a dead-letter policy' })
  @IsOptional()
  @IsInt({ message: 'must be an integer' })
  deliveryAttempt?: number;
}
