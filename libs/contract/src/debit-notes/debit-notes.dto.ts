import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional } from 'class-validator';
import { PAYMENT_STATUSES, PaymentStatus } from '@app/domain/documents/document-enums';
import { IsAmount } from '../common/is-amount';
import { IsDateString } from '../common/is-date-string';
import { IsClientId, NoteCommonDto } from '../notes/note-line.dto';
import type { DebitNoteInput } from '@app/domain/notes/note';
import { commandFits } from '../common/commands';

const oneOf = (values: readonly string[]) => ({ message: `must be one of ${values.join(', ')}` });

/** Fields of a debit note that are optional on create and on PATCH. */
class DebitNoteOptionalDto extends NoteCommonDto {
  @ApiPropertyOptional({ example: '2025-06-14', format: 'date', description: 'Defaults to debit_note_date' })
  @IsOptional()
  @IsDateString()
  payment_due_date?: string | null;

  @ApiPropertyOptional({ enum: PAYMENT_STATUSES, default: 'pending' })
  @IsOptional()
  @IsIn(PAYMENT_STATUSES, oneOf(PAYMENT_STATUSES))
  payment_status?: PaymentStatus | null;

  @ApiPropertyOptional({ example: 500, description: 'Needed with partial (0 < paid_amount < total); set by the paid and pending rules' })
  @IsOptional()
  @IsAmount()
  paid_amount?: number | string | null;

  @ApiPropertyOptional({ format: 'date', nullable: true, description: 'paid/partial: defaults to today' })
  @IsOptional()
  @IsDateString()
  payment_date?: string | null;
}

export class CreateDebitNoteDto extends DebitNoteOptionalDto {
  @ApiProperty({ example: 12 })
  @IsDefined({ message: 'is required' })
  @IsClientId()
  client_id: number;

  @ApiProperty({ example: '2025-05-15', format: 'date' })
  @IsDefined({ message: 'is required' })
  @IsDateString()
  debit_note_date: string;
}

/** Partial JSON merged over the stored debit note; `items` replaces the lines when sent. */
export class UpdateDebitNoteDto extends DebitNoteOptionalDto {
  @ApiPropertyOptional({ example: 12 })
  @IsOptional()
  @IsClientId()
  client_id?: number | null;

  @ApiPropertyOptional({ example: '2025-05-15', format: 'date' })
  @IsOptional()
  @IsDateString()
  debit_note_date?: string | null;
}

commandFits<CreateDebitNoteDto, DebitNoteInput>(true);
commandFits<UpdateDebitNoteDto, DebitNoteInput>(true);
