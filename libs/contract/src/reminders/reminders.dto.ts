import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { MAX_OFFSET, MAX_STEPS, MIN_OFFSET, ReminderSettingsInput } from '@app/domain/reminders/reminder-settings';
import { commandFits } from '../common/commands';

const OFFSET = { message: `must be an integer from ${MIN_OFFSET} to ${MAX_OFFSET} (negative: days before the due date)` };

export class ReminderStepDto {
  @ApiProperty({ example: 3, minimum: MIN_OFFSET, maximum: MAX_OFFSET, description: 'Days after the due date; negative: before it' })
  @IsDefined({ message: 'is required' })
  @IsInt(OFFSET)
  @Min(MIN_OFFSET, OFFSET)
  @Max(MAX_OFFSET, OFFSET)
  days_offset: number;
  @ApiProperty({ example: 'Invoice {{invoice_number}} is overdue' })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a string' })
  @MaxLength(255, { message: 'must be at most 255 characters' })
  subject: string;
  @ApiProperty({
    example: 'Dear {{client_name}}, {{balance}} of invoice {{invoice_number}} is unpaid. Pay by UPI: {{upi_link}}',
    description: 'Placeholders: {{invoice_number}}, {{invoice_date}}, {{due_date}}, {{balance}}, {{client_name}}, {{business_name}}, {{upi_link}}, {{days}}',
  })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a string' })
  @MaxLength(5000, { message: 'must be at most 5000 characters' })
  message: string;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean({ message: 'must be true or false' }) enabled?: boolean;
}

/** `PATCH /v1/settings/reminders`: `steps`, when sent, replaces every step. */
export class UpdateReminderSettingsDto {
  @ApiPropertyOptional({ description: 'Reminders on or off (default off)' }) @IsOptional() @IsBoolean({ message: 'must be true or false' }) enabled?: boolean;
  @ApiPropertyOptional({ type: [ReminderStepDto], maxItems: MAX_STEPS })
  @IsOptional()
  @IsArray({ message: 'must be an array' })
  @ArrayMaxSize(MAX_STEPS, { message: `must hold at most ${MAX_STEPS} steps` })
  @ValidateNested({ each: true })
  @Type(() => ReminderStepDto)
  steps?: ReminderStepDto[];
}

commandFits<UpdateReminderSettingsDto, ReminderSettingsInput>(true);
