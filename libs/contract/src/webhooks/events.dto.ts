import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DEFAULT_LIMIT, MAX_LIMIT } from '@app/domain/shared/pagination';
import { CursorListQueryDto } from '../common/sync-list-query.dto';
import { PING_EVENT_TYPE, WEBHOOK_EVENT_TYPES, WEBHOOK_RESOURCE_TYPES } from '@app/domain/webhooks/webhook-events';
import { MAX_ID } from '../common/ids';

/** Every `type` an event of the log may have: the subscribable types and the test ping. */
export const EVENT_LOG_TYPES = [...WEBHOOK_EVENT_TYPES, PING_EVENT_TYPE] as const;

/** `GET /v1/events`: cursor pages (no offset), `updated_since` (when recorded: the log is append-only), filters by type and by resource. */
export class EventsQueryDto extends PickType(CursorListQueryDto, ['updated_since'] as const) {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LIMIT, description: `Events per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})` })
  @Type(() => Number)
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(MAX_LIMIT, { message: `must be at most ${MAX_LIMIT}` })
  limit: number = DEFAULT_LIMIT;

  @ApiPropertyOptional({ maxLength: 64, description: 'An event id: the page holds the events recorded before it (the next page, older)' })
  @IsOptional()
  @IsString({ message: 'must be an event id' })
  @MaxLength(64, { message: 'must be an event id' })
  starting_after?: string;

  @ApiPropertyOptional({ maxLength: 64, description: 'An event id: the page holds the events recorded after it (the previous page, newer)' })
  @IsOptional()
  @IsString({ message: 'must be an event id' })
  @MaxLength(64, { message: 'must be an event id' })
  ending_before?: string;

  @ApiPropertyOptional({ enum: EVENT_LOG_TYPES, description: 'Only events of this type' })
  @IsOptional()
  @IsIn(EVENT_LOG_TYPES, { message: 'must be an event type' })
  type?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_RESOURCE_TYPES, description: 'Only events about records of this type' })
  @IsOptional()
  @IsIn(WEBHOOK_RESOURCE_TYPES, { message: `must be one of ${WEBHOOK_RESOURCE_TYPES.join(', ')}` })
  resource_type?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_ID, description: 'Only events about the record of this id (with resource_type)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(MAX_ID, { message: 'is too large' })
  resource_id?: number;
}
