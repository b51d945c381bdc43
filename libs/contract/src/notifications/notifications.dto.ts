import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { NOTIFICATION_MAX_LIMIT } from '@app/domain/notifications/notification';
import { CATEGORY_KEYS } from '@app/domain/notifications/notification-category';
import { DEVICE_PLATFORMS } from '@app/domain/notifications/device.repository.port';
import { commandFits } from '../common/commands';
import type { DeviceRegistration } from '@app/domain/notifications/devices.service';
import { CursorListQueryDto } from '../common/sync-list-query.dto';

/** `offset`, the cursors and `updated_since` (when made) as every list; `limit` 1..100 (default 50); `unread_only`. */
export class NotificationFeedQueryDto extends OmitType(CursorListQueryDto, ['limit'] as const) {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: NOTIFICATION_MAX_LIMIT })
  @Type(() => Number)
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(NOTIFICATION_MAX_LIMIT, { message: `must be at most ${NOTIFICATION_MAX_LIMIT}` })
  limit: number = 50;

  @ApiPropertyOptional({ enum: ['1', '0', 'true', 'false'], description: '1: unread notifications only' })
  @IsOptional()
  @IsIn(['1', '0', 'true', 'false'], { message: 'must be 1, true, 0 or false' })
  unread_only?: string;
}

export class NotificationPrefsDto {
  @ApiProperty({
    description: `Booleans keyed by category (${CATEGORY_KEYS.join(', ')}); categories left out keep their value`,
    example: { invoices: false, login: true },
    type: 'object',
    additionalProperties: { type: 'boolean' },
  })
  @Allow() // checked key by key in the domain (unknown category, non-boolean)
  prefs: unknown;
}

export class RegisterDeviceDto {
  @ApiProperty({ type: 'string', description: 'The FCM registration token of the app install (not a 64-character APNs device token)' })
  @Allow() // checked in the domain (APNs token, length, characters)
  fcm_token: unknown;
  @ApiProperty({ enum: DEVICE_PLATFORMS }) @Allow() platform: unknown;
}

export class UnregisterDeviceDto {
  @ApiProperty({ type: 'string', description: 'The FCM registration token to unregister' }) @Allow() fcm_token: unknown;
}

commandFits<RegisterDeviceDto, DeviceRegistration>(true);
