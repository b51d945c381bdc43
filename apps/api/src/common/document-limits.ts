import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

const SWAGGER_PROPERTY = 'swagger/apiModelProperties';
const TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';

type SchemaPatch = Record<string, unknown>;

/** A reflected type that says nothing (`string | null` reflects as Object) or less than validation does. */
function vague(type: unknown): boolean {
  return type === undefined || type === Object || type === 'object' || type === Number || type === 'number' || type === String || type === 'string';
}

/** What one validation rule says about the property's schema. */
function patchOf(m: ValidationMetadata, current: SchemaPatch): SchemaPatch {
  const c = (m.constraints ?? []) as unknown[];
  const typed = (type: string, extra: SchemaPatch = {}) => (vague(current.type) && !current.isArray && !current.enum ? { type, ...extra } : {});
  switch (m.name) {
    case 'maxLength':
      return { maxLength: c[0] };
    case 'minLength':
      return { minLength: c[0] };
    case 'arrayMaxSize':
      return { maxItems: c[0] };
    case 'arrayMinSize':
      return { minItems: c[0] };
    case 'min':
      return { minimum: c[0] };
    case 'max':
      return { maximum: c[0] };
    case 'isInt':
      return typed('integer');
    case 'isString':
      return typed('string');
    case 'isBoolean':
      return typed('boolean');
    case 'isYmdDate':
      return typed('string', { format: 'date' });
    case 'isTimestamp':
      return typed('string', { pattern: TIMESTAMP_PATTERN, description: current.description ?? 'A timestamp written Y-m-d H:i:s (Asia/Kolkata)' });
    case 'isIn':
      return current.enum ? {} : { enum: [...(c[0] as unknown[])], ...typed(typeof (c[0] as unknown[])[0] === 'number' ? 'number' : 'string') };
    case 'isAmount': {
      const { decimals, allowNegative, max } = c[0] as { decimals: number; allowNegative: boolean; max?: number };
      return {
        ...typed('number'),
        ...(allowNegative ? {} : { minimum: 0 }),
        maximum: max ?? 9999999999999,
        description: current.description ?? `Up to ${decimals} decimals (a numeric string is accepted too)`,
      };
    }
    case 'isOptional':
      // A `oneOf` states null among its alternatives (OpenAPI 3.0 takes `nullable` only beside a `type`).
      return current.oneOf ? {} : { nullable: true };
    default:
      return {};
  }
}

/**
 * Writes what the request DTOs' validation enforces into their OpenAPI schemas, so the document states
 * each rule without repeating it in `@ApiProperty`: types (`@IsInt` is an integer, `@IsString` a string
 * even where `string | null` reflects as Object), enums (`@IsIn`), bounds (`@Min`, `@Max`, `@IsAmount`),
 * lengths (`@MaxLength`, `@ArrayMaxSize`), `format: date` for Y-m-d dates, and `nullable` where
 * `@IsOptional()` lets null through. Runs before the document is built; idempotent.
 */
export function documentValidationLimits(): void {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<object, ValidationMetadata[]> };
  for (const metas of storage.validationMetadatas.values()) {
    for (const m of metas) {
      const target = (m.target as { prototype?: object }).prototype;
      if (m.each || !target) continue;
      const existing = Reflect.getMetadata(SWAGGER_PROPERTY, target, m.propertyName) as SchemaPatch | undefined;
      if (!existing) continue;
      const patch = patchOf(m, existing);
      if (Object.keys(patch).length) Reflect.defineMetadata(SWAGGER_PROPERTY, { ...existing, ...patch }, target, m.propertyName);
    }
  }
}
