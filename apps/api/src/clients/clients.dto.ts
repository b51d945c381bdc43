import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalNonNull } from '../common/optional-non-null';

const numberToString = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class CreateClientDto {
  @ApiProperty({ example: 'Sharma Traders' })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a string' })
  @MaxLength(255, { message: 'must be at most 255 characters' })
  name: string;

  @ApiProperty({ example: '+91 98765-43210', description: 'Normalized to 10 digits; a +<country> number is kept whole' })
  @IsDefined({ message: 'is required' })
  @Transform(numberToString)
  @IsString({ message: 'must be a string' })
  @MaxLength(30, { message: 'must be at most 30 characters' })
  phone: string;

  @ApiProperty({ example: 'accounts@sharma.example' })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a string' })
  @MaxLength(254, { message: 'must be at most 254 characters' })
  email: string;

  @ApiPropertyOptional({ example: '+91', default: '+91' })
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  country_code?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  address?: string | null;

  @ApiPropertyOptional({ example: '27AAPFU0939F1ZV', nullable: true, description: 'Empty string or omitted means none' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  gstin?: string | null;

  @ApiPropertyOptional({ example: '27', nullable: true, description: 'GST state code; taken from the GSTIN when omitted' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  state_code?: string | null;
}

/** Partial JSON merged over the stored client, validated as on create. */
export class UpdateClientDto {
  @ApiPropertyOptional() @OptionalNonNull() @IsString({ message: 'must be a string' }) @MaxLength(255) name?: string;
  @ApiPropertyOptional() @OptionalNonNull() @Transform(numberToString) @IsString({ message: 'must be a string' }) @MaxLength(30) phone?: string;
  @ApiPropertyOptional() @OptionalNonNull() @IsString({ message: 'must be a string' }) @MaxLength(254) email?: string;
  @ApiPropertyOptional() @OptionalNonNull() @IsString({ message: 'must be a string' }) country_code?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString({ message: 'must be a string' }) address?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString({ message: 'must be a string' }) gstin?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString({ message: 'must be a string' }) state_code?: string | null;
}
