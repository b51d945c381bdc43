import { ValidateIf, ValidationOptions, ValidateBy } from 'class-validator';
import { applyDecorators } from '@nestjs/common';

/**
 * The field may be left out, but `null` is refused with "must not be null". class-validator's
 * `@IsOptional()` lets `null` through as well, which is right only where the use case accepts null
 * (those fields keep `@IsOptional()` and say `| null` in their type).
 */
export function OptionalNonNull(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_object: unknown, value: unknown) => value !== undefined),
    ValidateBy({ name: 'isNotNull', validator: { validate: (value: unknown) => value !== null, defaultMessage: () => 'must not be null' } }, options),
  );
}
