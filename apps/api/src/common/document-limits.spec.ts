import 'reflect-metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, getMetadataStorage } from 'class-validator';
import { documentValidationLimits } from './document-limits';

/**
 * `documentValidationLimits` reads class-validator's metadata storage and writes into @nestjs/swagger's
 * property metadata. Neither is a documented API, so these tests pin the shapes it relies on: when either
 * library changes them, this fails here instead of the OpenAPI document silently losing its limits.
 */
class ProbeDto {
  @ApiProperty()
  @IsString()
  @MaxLength(50)
  name!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(28)
  day?: number | null;

  @ApiProperty()
  @IsIn(['weekly', 'monthly'])
  frequency!: string;

  @ApiProperty({ type: [String] })
  @ArrayMaxSize(3)
  @IsString({ each: true })
  tags!: string[];
}

const SWAGGER_PROPERTY = 'swagger/apiModelProperties';
const schemaOf = (property: keyof ProbeDto) => Reflect.getMetadata(SWAGGER_PROPERTY, ProbeDto.prototype, property) as Record<string, unknown>;

describe('documentValidationLimits (reads class-validator and @nestjs/swagger metadata)', () => {
  it('finds class-validator rules as a Map of targets to {name, constraints, propertyName, target, each}', () => {
    const storage = getMetadataStorage() as unknown as { validationMetadatas: unknown };
    expect(storage.validationMetadatas).toBeInstanceOf(Map);
    const metas = (storage.validationMetadatas as Map<unknown, Array<Record<string, unknown>>>).get(ProbeDto) ?? [];
    const maxLength = metas.find((m) => m.propertyName === 'name' && m.name === 'maxLength');
    expect(maxLength).toMatchObject({ target: ProbeDto, constraints: [50] });
    expect(metas.find((m) => m.propertyName === 'tags' && m.name === 'isString')).toMatchObject({ each: true });
  });

  it('finds @ApiProperty options under the swagger property metadata key', () => {
    expect(schemaOf('name')).toMatchObject({ type: String });
    expect(schemaOf('day')).toMatchObject({ required: false });
  });

  it('writes lengths, bounds, integer type, enums, array sizes and nullability into the schemas', () => {
    documentValidationLimits();
    expect(schemaOf('name')).toMatchObject({ maxLength: 50, type: 'string' });
    expect(schemaOf('day')).toMatchObject({ type: 'integer', minimum: 1, maximum: 28, nullable: true });
    expect(schemaOf('frequency')).toMatchObject({ enum: ['weekly', 'monthly'], type: 'string' });
    expect(schemaOf('tags')).toMatchObject({ maxItems: 3 });
    // An `each` rule describes the items, not the array: it must not turn the array into a string.
    expect(schemaOf('tags').type).not.toBe('string');
  });

  it('is idempotent', () => {
    documentValidationLimits();
    const once = JSON.stringify(schemaOf('day'));
    documentValidationLimits();
    expect(JSON.stringify(schemaOf('day'))).toBe(once);
  });
});
