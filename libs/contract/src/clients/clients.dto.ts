import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsOptional, IsString, MaxLength } from 'class-validator';
import { REGISTRATION_TYPES } from '@app/domain/clients/client';
import { OptionalNonNull } from '../common/optional-non-null';
import type { ClientInput } from '@app/domain/clients/client-rules';
import { commandFits } from '../common/commands';

const numberToString = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** Fields that may be left out on create and on PATCH. */
class ClientOptionalFieldsDto {
  @ApiPropertyOptional({ example: '+91', default: '+91' })
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(5, { message: 'must be at most 5 characters' })
  country_code?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(1000, { message: 'must be at most 1000 characters' })
  address?: string | null;

  @ApiPropertyOptional({ example: '27AAPFU0939F1ZV', nullable: true, description: 'Empty string or omitted means none' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(15, { message: 'must be at most 15 characters' })
  gstin?: string | null;

  @ApiPropertyOptional({ example: '27', nullable: true, description: 'GST state code; taken from the GSTIN when omitted' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(2, { message: 'must be at most 2 characters' })
  state_code?: string | null;

  @ApiPropertyOptional({ default: false, description: 'The client gets no payment reminders' })
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  reminders_opt_out?: boolean | null;

  @ApiPropertyOptional({
    enum: REGISTRATION_TYPES,
    nullable: true,
    description:
      'GST registration type. composition: a composition dealer (GSTIN); uin: a UN body, embassy or other UIN holder (gstin holds the UIN); unregistered or consumer: no GSTIN. ' +
      'Inter-state supplies to composition dealers and UIN holders are GSTR-3B 3.2 rows of their own. Null: regular with a GSTIN, unregistered without',
  })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  registration_type?: string | null;
}

export class CreateClientDto extends ClientOptionalFieldsDto {
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
}

/** Partial JSON merged over the stored client, validated as on create. */
export class UpdateClientDto extends ClientOptionalFieldsDto {
  @ApiPropertyOptional() @OptionalNonNull() @IsString({ message: 'must be a string' }) @MaxLength(255) name?: string;
  @ApiPropertyOptional() @OptionalNonNull() @Transform(numberToString) @IsString({ message: 'must be a string' }) @MaxLength(30) phone?: string;
  @ApiPropertyOptional() @OptionalNonNull() @IsString({ message: 'must be a string' }) @MaxLength(254) email?: string;
}

commandFits<CreateClientDto, ClientInput>(true);
commandFits<UpdateClientDto, ClientInput>(true);
