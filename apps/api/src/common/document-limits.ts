import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

const SWAGGER_PROPERTY = 'swagger/apiModelProperties';
/** Validation limits and the OpenAPI keyword that states each. */
const KEYWORDS: Record<string, string> = { maxLength: 'maxLength', arrayMaxSize: 'maxItems' };

/**
 * Writes the length limits of the request DTOs (`@MaxLength`, `@ArrayMaxSize`) into their OpenAPI
 * schemas, so the document states every limit validation applies without repeating it in
 * `@ApiProperty`. Runs before the document is built; idempotent.
 */
export function documentValidationLimits(): void {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<object, ValidationMetadata[]> };
  for (const metas of storage.validationMetadatas.values()) {
    for (const m of metas) {
      const keyword = KEYWORDS[m.name ?? ''];
      const target = (m.target as { prototype?: object }).prototype;
      if (!keyword || m.each || !target) continue;
      const existing = Reflect.getMetadata(SWAGGER_PROPERTY, target, m.propertyName) as Record<string, unknown> | undefined;
      if (existing) Reflect.defineMetadata(SWAGGER_PROPERTY, { ...existing, [keyword]: (m.constraints as unknown[])[0] }, target, m.propertyName);
    }
  }
}
