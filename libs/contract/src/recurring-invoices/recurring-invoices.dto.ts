import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { CATCH_UP_MODES, FREQUENCIES } from '@app/domain/recurring-invoices/recurring-schedule';
import { MAX_INTERVAL, MAX_OCCURRENCES, MAX_PAYMENT_TERMS_DAYS } from '@app/domain/recurring-invoices/recurring-invoice';
import { IsDateString } from '../common/is-date-string';
import { SyncListQueryDto } from '../common/sync-list-query.dto';
import { OptionalEnumString } from '../common/optional-enum-string';
import { CreateInvoiceDto, UpdateInvoiceDto } from '../invoices/invoices.dto';
import { IsId } from '../common/ids';
import type { RecurringCommand } from '@app/domain/recurring-invoices/recurring-invoice';
import { commandFits } from '../common/commands';

/** What each run sets itself: the template does not hold them. */
const PER_RUN = ['invoice_date', 'payment_due_date', 'status', 'payment_status', 'paid_amount', 'payment_date'] as const;

const integer = (min: number, max: number) => ({ message: `must be an integer from ${min} to ${max}` });

/** `day_of_month`: 1-28 or `last`. */
function IsDayOfMonth(): PropertyDecorator {
  return ValidateBy({
    name: 'isDayOfMonth',
    validator: {
      validate: (value: unknown) => value === 'last' || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 28),
      defaultMessage: () => 'must be an integer from 1 to 28, or last',
    },
  });
}

/** The schedule and delivery fields of a profile besides frequency and start_date (optional on create and on PATCH). */
class ScheduleFieldsDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_INTERVAL, default: 1, description: 'Every N weeks, months, quarters, half-years or years' })
  @IsOptional()
  @IsInt(integer(1, MAX_INTERVAL))
  @Min(1, integer(1, MAX_INTERVAL))
  @Max(MAX_INTERVAL, integer(1, MAX_INTERVAL))
  interval?: number;
  @ApiPropertyOptional({ example: '2027-03-31', nullable: true, description: 'No run after it (not with occurrences)' })
  @IsOptional()
  @IsDateString()
  end_date?: string | null;
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_OCCURRENCES, nullable: true, description: 'At most this many runs (not with end_date)' })
  @IsOptional()
  @IsInt(integer(1, MAX_OCCURRENCES))
  @Min(1, integer(1, MAX_OCCURRENCES))
  @Max(MAX_OCCURRENCES, integer(1, MAX_OCCURRENCES))
  occurrences?: number | null;
  @ApiPropertyOptional({
    oneOf: [
      { type: 'integer', minimum: 1, maximum: 28 },
      { type: 'string', enum: ['last', null], nullable: true },
    ],
    description: 'Day of the month of monthly and longer schedules; default the day of start_date (the last day in shorter months)',
  })
  @IsOptional()
  @IsDayOfMonth()
  day_of_month?: number | string;
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_PAYMENT_TERMS_DAYS, default: 0, description: 'Each invoice is due this many days after its date' })
  @IsOptional()
  @IsInt(integer(0, MAX_PAYMENT_TERMS_DAYS))
  @Min(0, integer(0, MAX_PAYMENT_TERMS_DAYS))
  @Max(MAX_PAYMENT_TERMS_DAYS, integer(0, MAX_PAYMENT_TERMS_DAYS))
  payment_terms_days?: number;
  @OptionalEnumString(['active', 'paused'], { default: 'active' })
  status?: string | null;
  @OptionalEnumString(CATCH_UP_MODES, { default: 'each', description: 'After downtime: each missed run on its own date, or one invoice dated today' })
  catch_up?: string | null;
  @ApiPropertyOptional({ default: false, description: 'Email each invoice to the client through sendouts' })
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  auto_send?: boolean;
  @ApiPropertyOptional({
    nullable: true,
    description: 'Subject of the email; {{invoice_number}}, {{invoice_date}}, {{due_date}}, {{amount}}, {{client_name}}, {{business_name}}',
  })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(255, { message: 'must be at most 255 characters' })
  email_subject?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'Message of the email, with the placeholders of email_subject' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(5000, { message: 'must be at most 5000 characters' })
  email_message?: string | null;
}

/** `POST /v1/recurring-invoices`: the invoice of each run (as an invoice is sent, less its dates, status and payment) and the schedule. */
export class CreateRecurringInvoiceDto extends IntersectionType(OmitType(CreateInvoiceDto, PER_RUN), ScheduleFieldsDto) {
  @ApiProperty({ enum: FREQUENCIES })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a string' })
  @IsIn(FREQUENCIES, { message: `must be one of ${FREQUENCIES.join(', ')}` })
  frequency: string;
  @ApiProperty({ example: '2026-04-01', description: 'The first run is the first scheduled day on or after it (today at the earliest)' })
  @IsDefined({ message: 'is required' })
  @IsDateString()
  start_date: string;
}

/** `PATCH /v1/recurring-invoices/{id}`: fields merged over the profile; `items`, when sent, replaces the template's lines. */
export class UpdateRecurringInvoiceDto extends IntersectionType(OmitType(UpdateInvoiceDto, PER_RUN), ScheduleFieldsDto) {
  @ApiPropertyOptional({ enum: FREQUENCIES })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @IsIn(FREQUENCIES, { message: `must be one of ${FREQUENCIES.join(', ')}` })
  frequency?: string;
  @ApiPropertyOptional({ example: '2026-04-01', description: 'A changed schedule runs from its first scheduled day on or after today' })
  @IsOptional()
  @IsDateString()
  start_date?: string;
}
export class RecurringListQueryDto extends SyncListQueryDto {
  @ApiPropertyOptional({ enum: ['active', 'paused', 'completed'] })
  @IsOptional()
  @IsIn(['active', 'paused', 'completed'], { message: 'must be one of active, paused, completed' })
  status?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsId()
  client_id?: number;
}

commandFits<CreateRecurringInvoiceDto, RecurringCommand>(true);
commandFits<UpdateRecurringInvoiceDto, RecurringCommand>(true);
