import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidationFailed } from '@app/domain/shared/domain-error';

/** `{ "items.0.description": "must be a string", ... }`: one message per field, nested paths dotted. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      const messages = Object.values(error.constraints).map((m) => m.replace(new RegExp(`^${error.property}\\s`), ''));
      out[path] = messages[messages.length - 1];
    }
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

const UNTRIMMED = /password|signature/i;

/** Strings are trimmed (passwords and signatures excepted); a blank required string counts as missing. */
export function deepTrim(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return UNTRIMMED.test(key) ? value : value.trim();
  if (Array.isArray(value)) return value.map((v) => deepTrim(v, key));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = deepTrim(v, k);
    return out;
  }
  return value;
}

/** Global pipe: trims, validates DTOs with whitelisting (unknown fields dropped), errors keyed by field. */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new ValidationFailed(flattenValidationErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
      if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) {
        if (metadata.metatype && metadata.metatype !== Object) {
          throw new ValidationFailed({ body: 'must be a JSON object' });
        }
      }
      value = deepTrim(value);
    }
    return (await super.transform(value, metadata)) as unknown;
  }
}
