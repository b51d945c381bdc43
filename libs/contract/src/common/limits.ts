import { ArrayMaxSize } from 'class-validator';
import { loadResourceLimits } from '@app/infra/config/limits-config';

/** Read once when the DTOs load; their decorators state these limits to validation and (see document-limits) to the OpenAPI document. */
export const LIMITS = loadResourceLimits();

/** At most MAX_DOCUMENT_LINES lines (400 validation_error on the field otherwise). */
export function MaxLines(): PropertyDecorator {
  return ArrayMaxSize(LIMITS.documentLines, { message: `must hold at most ${LIMITS.documentLines} lines` });
}

/** At most MAX_BULK_IDS ids in one bulk call. */
export function MaxIds(): PropertyDecorator {
  return ArrayMaxSize(LIMITS.bulkIds, { message: `must hold at most ${LIMITS.bulkIds} ids` });
}
