import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_LIMIT, MAX_LIMIT, PageRequest } from '@app/domain/shared/pagination';

/** `limit` 1..200 (default 50; above 200 is a validation error, not clamped), `offset` >= 0. */
export class ListQueryDto {
  @ApiPropertyOptional({ default: DEFAULT_LIMIT, minimum: 1, maximum: MAX_LIMIT })
  @Type(() => Number)
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(MAX_LIMIT, { message: `must be at most ${MAX_LIMIT}` })
  limit: number = DEFAULT_LIMIT;

  // No initializer: a cursor beside an offset the client sent (even 0) is refused (sync-list-query.dto.ts).
  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be an integer' })
  @Min(0, { message: 'must be at least 0' })
  @Max(10_000_000, { message: 'is too large' })
  offset?: number;
}

export function pageOf(query: ListQueryDto): PageRequest {
  return { limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 };
}
