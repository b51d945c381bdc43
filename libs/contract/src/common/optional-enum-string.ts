import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** How the OpenAPI document describes the field, besides its values. */
interface EnumFieldDoc {
  default?: string;
  nullable?: boolean;
  description?: string;
}

/**
 * An optional string field (null allowed) that takes one of `values`: at most 30 characters here, the value
 * itself checked by the domain. The decorators are applied in the order stacked decorators are (bottom up),
 * which is the order of the field's validation messages.
 */
export function OptionalEnumString(values: readonly string[], doc: EnumFieldDoc = {}): PropertyDecorator {
  return applyDecorators(
    MaxLength(30, { message: 'must be at most 30 characters' }),
    IsString({ message: 'must be a string' }),
    IsOptional(),
    ApiPropertyOptional({ enum: values, ...doc }),
  );
}
