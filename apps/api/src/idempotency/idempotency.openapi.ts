import type { OpenAPIObject } from '@nestjs/swagger';

const PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description:
    'Makes a retry safe: the first answer to this key (per account, kept 24 hours) is replayed with `Idempotent-Replayed: true`; ' +
    'the same key with another request is 409 conflict (`details.reason: idempotency_key_reused`); while the first request runs, ' +
    '409 (`idempotency_key_in_use`) with Retry-After. File answers are not stored.',
};

/** States the Idempotency-Key header on every authenticated POST and PATCH of the document. */
export function documentIdempotencyKey(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.post, item.patch]) {
      if (!operation || (Array.isArray(operation.security) && operation.security.length === 0)) continue;
      operation.parameters = [...(operation.parameters ?? []), PARAMETER];
    }
  }
  return document;
}
