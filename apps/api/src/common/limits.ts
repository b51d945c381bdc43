import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize } from 'class-validator';
import { loadResourceLimits } from '@app/infra/config/app-config';

/** Read once when the DTOs load: their decorators state these limits to validation and to the OpenAPI document. */
export const LIMITS = loadResourceLimits();

/** Adds `maxItems` to the property's OpenAPI schema; @nestjs/swagger merges it with the property's own @ApiProperty. */
const documentMaxItems = (max: number) => ApiProperty({ maxItems: max });

/** At most MAX_DOCUMENT_LINES lines (400 validation_error on the field otherwise). */
export function MaxLines(): PropertyDecorator {
  const max = LIMITS.documentLines;
  return applyDecorators(ArrayMaxSize(max, { message: `must hold at most ${max} lines` }), documentMaxItems(max));
}

/** At most MAX_BULK_IDS ids in one bulk call. */
export function MaxIds(): PropertyDecorator {
  const max = LIMITS.bulkIds;
  return applyDecorators(ArrayMaxSize(max, { message: `must hold at most ${max} ids` }), documentMaxItems(max));
}
