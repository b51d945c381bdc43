import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDateString } from '../common/is-date-string';
import { IsClientId, NoteCommonDto } from '../notes/note-line.dto';
import type { CreditNoteInput } from '@app/domain/notes/note';
import { commandFits } from '../common/commands';

/**
 * A credit note. With `source_invoice_id` (an invoice of the account) the note is pre-filled from the
 * invoice: its client, its currency and one line per invoice line, unless the body sends its own; a
 * `client_id` other than the invoice's is a validation error. Used for create and for PATCH (merge).
 */
export class CreditNoteBodyDto extends NoteCommonDto {
  @ApiPropertyOptional({ example: 12, description: "Required unless source_invoice_id is sent (then it must be the invoice's client)" })
  @IsOptional()
  @IsClientId()
  client_id?: number | null;

  @ApiPropertyOptional({ example: '2025-05-20', format: 'date', description: 'Defaults to today (Asia/Kolkata) on create' })
  @IsOptional()
  @IsDateString()
  credit_note_date?: string | null;

  @ApiPropertyOptional({ example: 42, nullable: true, description: 'Invoice the note is raised against; pre-fills client, currency and lines on create' })
  @IsOptional()
  @IsClientId()
  source_invoice_id?: number | null;

  @ApiPropertyOptional({ example: 'Goods returned', nullable: true })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(500, { message: 'must be at most 500 characters' })
  reason?: string | null;
}

commandFits<CreditNoteBodyDto, CreditNoteInput>(true);
