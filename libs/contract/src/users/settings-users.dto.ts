import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsString, MaxLength } from 'class-validator';
import { OptionalNonNull } from '../common/optional-non-null';
import { PERMISSION_KEYS } from '@app/domain/shared/principal';
import type { SubUserInput } from '@app/domain/users/sub-users.service';
import { commandFits } from '../common/commands';

const text = { message: 'must be a string' };

export class CreateSubUserDto {
  @ApiProperty({ example: 'ravi.sales', description: '3 to 100 letters, digits or . _ @ + -; unique across the service' })
  @IsDefined({ message: 'is required' })
  @IsString(text)
  @MaxLength(100, { message: 'must be at most 100 characters' })
  username: string;

  @ApiProperty({ example: 'S3cure!pass', description: 'At least 8 characters with an uppercase letter, a lowercase letter, a digit and a symbol' })
  @IsDefined({ message: 'is required' })
  @IsString(text)
  @MaxLength(1024, { message: 'must be at most 1024 characters' })
  password: string;

  @ApiProperty({ enum: PERMISSION_KEYS, isArray: true, example: ['clients', 'invoices'] })
  @IsDefined({ message: 'is required' })
  @IsArray({ message: 'must be an array of permission keys' })
  @ArrayMaxSize(50, { message: 'must hold at most 50 keys' })
  permissions: unknown[];
}

export class UpdateSubUserDto {
  @ApiPropertyOptional()
  @OptionalNonNull()
  @IsString(text)
  @MaxLength(100, { message: 'must be at most 100 characters' })
  username?: string;

  @ApiPropertyOptional({ description: 'A new password signs the user out of every device' })
  @OptionalNonNull()
  @IsString(text)
  @MaxLength(1024, { message: 'must be at most 1024 characters' })
  password?: string;

  @ApiPropertyOptional({ enum: PERMISSION_KEYS, isArray: true, description: 'Replaces the list; applies to signed-in devices at once' })
  @OptionalNonNull()
  @IsArray({ message: 'must be an array of permission keys' })
  @ArrayMaxSize(50, { message: 'must hold at most 50 keys' })
  permissions?: unknown[];
}

commandFits<CreateSubUserDto, SubUserInput>(true);
commandFits<UpdateSubUserDto, SubUserInput>(true);
