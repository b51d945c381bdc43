import { OmitType } from '@nestjs/swagger';
import { DocumentListQueryDto } from '../common/document-list-query.dto';

/**
 * Debit-note list: limit, offset, fy_start_year (over date_from/date_to), client_id, search (number
 * or client name), status, and payment_status (debit notes are paid like invoices).
 */
export class DebitNoteListQueryDto extends OmitType(DocumentListQueryDto, [
  'due_from',
  'due_to',
  'payment_date_from',
  'payment_date_to',
  'approval_status',
  'document_kind',
] as const) {}

/** Credit-note list: the debit-note filters without payment_status. */
export class CreditNoteListQueryDto extends OmitType(DebitNoteListQueryDto, ['payment_status'] as const) {}
