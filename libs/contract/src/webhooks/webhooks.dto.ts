import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { WEBHOOK_EVENT_TYPES } from '@app/domain/webhooks/webhook-events';
import type { WebhookEndpointInput } from '@app/domain/webhooks/webhooks.service';
import { commandFits } from '../common/commands';

export class CreateWebhookDto {
  @ApiProperty({ description: 'https URL of the receiver; it must not resolve to a loopback, private, link-local or metadata address', maxLength: 2000 })
  @IsString({ message: 'must be a string' })
  @MaxLength(2000, { message: 'must be at most 2000 characters' })
  url: string;

  @ApiProperty({ description: `Event types, \`<prefix>.*\` or \`*\`: ${WEBHOOK_EVENT_TYPES.join(', ')}`, type: [String], maxItems: 50 })
  @IsArray({ message: 'must be an array of event types' })
  @ArrayMinSize(1, { message: 'must list at least one event type' })
  @ArrayMaxSize(50, { message: 'must list at most 50 event types' })
  @IsString({ each: true, message: 'must be an array of event types' })
  @MaxLength(64, { each: true, message: 'has an event type longer than 64 characters' })
  events: string[];

  @ApiPropertyOptional({ maxLength: 500, nullable: true })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(500, { message: 'must be at most 500 characters' })
  description?: string | null;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  enabled?: boolean;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(2000, { message: 'must be at most 2000 characters' })
  url?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @IsOptional()
  @IsArray({ message: 'must be an array of event types' })
  @ArrayMinSize(1, { message: 'must list at least one event type' })
  @ArrayMaxSize(50, { message: 'must list at most 50 event types' })
  @IsString({ each: true, message: 'must be an array of event types' })
  @MaxLength(64, { each: true, message: 'has an event type longer than 64 characters' })
  events?: string[];

  @ApiPropertyOptional({ maxLength: 500, nullable: true })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(500, { message: 'must be at most 500 characters' })
  description?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  enabled?: boolean;
}

commandFits<CreateWebhookDto, WebhookEndpointInput>(true);
commandFits<UpdateWebhookDto, WebhookEndpointInput>(true);
