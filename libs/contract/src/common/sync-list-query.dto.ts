import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, ValidateBy, ValidationArguments } from 'class-validator';
import { LIST_ORDERS, ListOrder, PageRequest, TOMBSTONE_DAYS } from '@app/domain/shared/pagination';
import { ListQueryDto, pageOf } from './list-query.dto';
import { IsId } from './ids';

/** ISO 8601 with a zone: `2025-04-01T10:00:00+05:30`, `2025-04-01T04:30:00.250Z`. */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Refuses the field beside any of `others` (a cursor with an offset, or with the other cursor). */
function SentAlone(others: readonly string[]) {
  return ValidateBy({
    name: 'sentAlone',
    validator: {
      validate: (_value: unknown, args?: ValidationArguments) => others.every((o) => (args?.object as Record<string, unknown>)[o] === undefined),
      defaultMessage: (args?: ValidationArguments) =>
        `cannot be combined with ${others.filter((o) => (args?.object as Record<string, unknown>)[o] !== undefined).join(', ')}`,
    },
  });
}

function IsTimestampWithZone() {
  return ValidateBy({
    name: 'isTimestampWithZone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && ISO_WITH_ZONE.test(value) && !Number.isNaN(Date.parse(value)),
      defaultMessage: () => 'must be an ISO 8601 timestamp with its zone, such as 2025-04-01T10:00:00+05:30',
    },
  });
}

/**
 * The cursor parameters every list takes, beside `limit` and `offset`: `starting_after` / `ending_before`
 * (a row id of the list's order; not with `offset`, not together) and `updated_since`
 * (docs/api-guide.md, "Paging and incremental sync").
 */
export class CursorListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({
    description:
      'Cursor: the id of a row of this list (the last row of the previous page); the page holds the rows after it in the list order. Not with `offset` or `ending_before`. An id that is not a row of the list (or one deleted more than 30 days ago) is a 400.',
    example: 1042,
    minimum: 1,
  })
  @IsOptional()
  @Type(() => Number)
  @IsId()
  @SentAlone(['offset', 'ending_before'])
  starting_after?: number;

  @ApiPropertyOptional({
    description:
      'Cursor: the id of a row of this list (the first row of the current page); the page holds the rows right before it in the list order. Not with `offset` or `starting_after`.',
    example: 1093,
    minimum: 1,
  })
  @IsOptional()
  @Type(() => Number)
  @IsId()
  @SentAlone(['offset', 'starting_after'])
  ending_before?: number;

  @ApiPropertyOptional({
    description:
      'Only rows created or changed at or after this instant (ISO 8601 with its zone; an append-only log compares when its rows were created); with `include_deleted=1`, only deletions at or after it. Compared to the second: rows of that second come again.',
    example: '2025-04-01T10:00:00+05:30',
  })
  @IsOptional()
  @IsTimestampWithZone()
  updated_since?: string;
}

/**
 * The lists with full incremental sync take, besides the cursors and `updated_since`, `order` and
 * `include_deleted` (tombstones of deleted rows).
 */
export class SyncListQueryDto extends CursorListQueryDto {
  @ApiPropertyOptional({
    enum: LIST_ORDERS,
    default: 'default',
    description: '`default`: the list order given in the summary; `updated_at`: most recently changed first, ties by id descending.',
  })
  @IsOptional()
  @IsIn(LIST_ORDERS, { message: `must be one of ${LIST_ORDERS.join(', ')}` })
  order?: ListOrder;

  @ApiPropertyOptional({
    enum: ['1', '0', 'true', 'false'],
    description: `1: the first page (no cursor, offset 0) also carries \`tombstones\`, the rows of this list deleted in the last ${TOMBSTONE_DAYS} days (since \`updated_since\` when given), newest first.`,
    example: '1',
  })
  @IsOptional()
  @IsIn(['1', '0', 'true', 'false'], { message: 'must be 1, true, 0 or false' })
  include_deleted?: string;
}

/** The page request of a list with cursors: `updated_since` in the UTC form the store compares. */
export function cursorPageOf(query: CursorListQueryDto): PageRequest {
  return {
    ...pageOf(query),
    startingAfter: query.starting_after,
    endingBefore: query.ending_before,
    updatedSince: query.updated_since === undefined ? undefined : new Date(query.updated_since).toISOString().slice(0, 19).replace('T', ' '),
  };
}

/** The page request of a list with cursors and sync. */
export function syncPageOf(query: SyncListQueryDto): PageRequest {
  return {
    ...cursorPageOf(query),
    order: query.order,
    includeDeleted: query.include_deleted === '1' || query.include_deleted === 'true',
  };
}

/** The names of the parameters above, for the lists that pick their filters. */
export const SYNC_LIST_PARAMS = ['starting_after', 'ending_before', 'updated_since', 'order', 'include_deleted'] as const;
