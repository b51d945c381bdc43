import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { commandFits } from '../common/commands';
import type { ChangePasswordInput } from '@app/domain/auth/change-password.use-case';
import { OptionalNonNull } from '../common/optional-non-null';

const required = { message: 'is required' };
const text = { message: 'must be a string' };

export class LoginDto {
  @ApiProperty({ example: 'ravi' })
  @IsDefined(required)
  @IsString(text)
  @IsNotEmpty(required)
  @MaxLength(100, { message: 'must be at most 100 characters' })
  username: string;

  @ApiProperty({ example: 'S3cure!pass' })
  @IsDefined(required)
  @IsString(text)
  @IsNotEmpty(required)
  @MaxLength(1024, { message: 'must be at most 1024 characters' })
  password: string;

  @ApiPropertyOptional({ example: 'Pixel 8', description: 'Shown in the sessions list; taken from User-Agent when omitted' })
  @OptionalNonNull()
  @IsString(text)
  @MaxLength(100, { message: 'must be at most 100 characters' })
  device_name?: string;

  @ApiPropertyOptional({ example: 'android', description: 'android, ios, web...; taken from User-Agent when omitted' })
  @OptionalNonNull()
  @IsString(text)
  @MaxLength(20, { message: 'must be at most 20 characters' })
  platform?: string;
}

export class RefreshDto {
  @ApiProperty({ description: 'The refresh token of the last login or refresh' })
  @IsDefined(required)
  @IsString(text)
  @IsNotEmpty(required)
  @MaxLength(200, { message: 'is not a refresh token' })
  refresh_token: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsDefined(required)
  @IsString(text)
  @IsNotEmpty(required)
  @MaxLength(1024, { message: 'must be at most 1024 characters' })
  current_password: string;

  @ApiProperty({ description: 'At least 8 characters with an uppercase letter, a lowercase letter, a digit and a symbol' })
  @IsDefined(required)
  @IsString(text)
  @IsNotEmpty(required)
  @MaxLength(1024, { message: 'must be at most 1024 characters' })
  password: string;

  @ApiProperty({ description: 'Equal to password' })
  @IsDefined(required)
  @IsString(text)
  @MaxLength(1024, { message: 'must be at most 1024 characters' })
  confirm_password: string;
}

export class DeleteAccountDto {
  @ApiProperty({ description: 'The password of the signed-in owner' })
  @IsDefined(required)
  @IsString(text)
  @IsNotEmpty(required)
  @MaxLength(1024, { message: 'must be at most 1024 characters' })
  password: string;

  @ApiPropertyOptional({ example: 'DELETE', description: 'When sent, must be exactly DELETE' })
  @OptionalNonNull()
  @IsString(text)
  @MaxLength(100, { message: 'must be at most 100 characters' })
  confirmation?: string;
}

/** Documents the optional body of logout (read by hand: the body may be absent). */
export class LogoutDto {
  @ApiPropertyOptional({ description: 'Signs out the session of this refresh token (when the access token has expired)' })
  @Allow() // checked by the handler, which takes the body optional
  refresh_token?: string;
}

/** Documents the body of DELETE /v1/auth/sessions (session_id may come in the query instead). */
export class RevokeSessionDto {
  @ApiPropertyOptional({ example: 12 })
  @Allow() // checked by the handler, which takes it from the body or the query
  session_id?: number;
}

commandFits<ChangePasswordDto, Omit<ChangePasswordInput, 'ip'>>(true);
