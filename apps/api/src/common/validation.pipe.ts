import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidationFailed } from '@app/domain/shared/domain-error';
import { memoiseValidationMetadata } from './validation-metadata-cache';
import { controlCharacterErrors } from './control-characters';
import { fieldName, UNKNOWN_FIELD } from './strict-input';

/** `{ "items.0.description": "must be a string", ... }`: one message per field, nested paths dotted. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : fieldName(error.property);
    if (error.constraints) {
      const messages = Object.entries(error.constraints).map(([kind, m]) =>
        kind === 'whitelistValidation' ? UNKNOWN_FIELD : m.replace(new RegExp(`^${error.property}\\s`), ''),
      );
      out[path] = messages[messages.length - 1];
    }
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

const UNTRIMMED = /password|signature/i;

/** A value still to trim, and where its trimmed copy goes. */
interface TrimTask {
  value: unknown;
  key: string;
  into: Record<string, unknown> | unknown[];
  slot: string | number;
}

/**
 * Strings are trimmed (passwords and signatures excepted); a blank required string counts as missing.
 * Iterative (a work list, no recursion), so no nesting can overflow the stack; the edge refuses bodies
 * nested deeper than JSON_MAX_DEPTH before they get here anyway.
 */
export function deepTrim(value: unknown, key = ''): unknown {
  const root: unknown[] = [undefined];
  const tasks: TrimTask[] = [{ value, key, into: root, slot: 0 }];
  for (let task = tasks.pop(); task; task = tasks.pop()) {
    const { value: v, key: k, into, slot } = task;
    let copy: unknown = v;
    if (typeof v === 'string') {
      copy = UNTRIMMED.test(k) ? v : v.trim();
    } else if (Array.isArray(v)) {
      const items: unknown[] = new Array<unknown>(v.length);
      v.forEach((item, i) => tasks.push({ value: item, key: k, into: items, slot: i }));
      copy = items;
    } else if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      const fields: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(v)) {
        fields[name] = undefined; // keeps the order of the fields
        tasks.push({ value: field, key: name, into: fields, slot: name });
      }
      copy = fields;
    }
    (into as Record<string | number, unknown>)[slot] = copy;
  }
  return root[0];
}

/**
 * Global pipe: trims, validates DTOs, errors keyed by field; a field the DTO does not declare, at any depth
 * (`items.0.foo`), is 400 "unknown field" (see strict-input.ts for query parameters and bodies without a DTO). A
 * validated body then has no string with a control character (see control-characters.ts for the fields
 * that may hold tabs and line breaks): 400 `validation_error` keyed by each such field.
 */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new ValidationFailed(flattenValidationErrors(errors)),
    });
    memoiseValidationMetadata();
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
    const result = (await super.transform(value, metadata)) as unknown;
    if (metadata.type === 'body' && metadata.metatype && this.toValidate(metadata)) {
      const errors = controlCharacterErrors(result);
      if (Object.keys(errors).length) throw new ValidationFailed(errors);
    }
    return result;
  }
}
