import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  APPROVAL_STATUSES,
  DOCUMENT_STATUSES,
  PAYMENT_STATUSES,
  QUOTATION_DOCUMENT_KINDS,
  ApprovalStatus,
  DocumentStatus,
  PaymentStatus,
  QuotationKind,
} from '@app/domain/documents/document-enums';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { SYNC_LIST_PARAMS, SyncListQueryDto, syncPageOf } from './sync-list-query.dto';
import { IsDateString } from './is-date-string';
import { IsId, IsFiscalYear } from './ids';

const oneOf = (values: readonly string[]) => ({ message: `must be one of ${values.join(', ')}` });

/** The document list filters of the spec; each list uses those that apply to its kind. */
export class DocumentListQueryDto extends SyncListQueryDto {
  @ApiPropertyOptional({ description: 'Financial year start (2025 = 2025-04-01..2026-03-31); overrides date_from/date_to' })
  @IsOptional()
  @Type(() => Number)
  @IsFiscalYear()
  fy_start_year?: number;

  @ApiPropertyOptional({ example: '2025-04-01' }) @IsOptional() @IsDateString() date_from?: string;
  @ApiPropertyOptional({ example: '2026-03-31' }) @IsOptional() @IsDateString() date_to?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsId()
  client_id?: number;

  @ApiPropertyOptional({ description: 'Matches the document number or the client name' })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'must be at most 100 characters' })
  search?: string;

  @ApiPropertyOptional({ enum: DOCUMENT_STATUSES }) @IsOptional() @IsIn(DOCUMENT_STATUSES, oneOf(DOCUMENT_STATUSES)) status?: DocumentStatus;
  @ApiPropertyOptional({ enum: PAYMENT_STATUSES }) @IsOptional() @IsIn(PAYMENT_STATUSES, oneOf(PAYMENT_STATUSES)) payment_status?: PaymentStatus;
  @ApiPropertyOptional() @IsOptional() @IsDateString() due_from?: string;
  @ApiPropertyOptional() @IsOptional() @IsDateString() due_to?: string;
  @ApiPropertyOptional() @IsOptional() @IsDateString() payment_date_from?: string;
  @ApiPropertyOptional() @IsOptional() @IsDateString() payment_date_to?: string;
  @ApiPropertyOptional({ enum: APPROVAL_STATUSES }) @IsOptional() @IsIn(APPROVAL_STATUSES, oneOf(APPROVAL_STATUSES)) approval_status?: ApprovalStatus;
  @ApiPropertyOptional({ enum: QUOTATION_DOCUMENT_KINDS })
  @IsOptional()
  @IsIn(QUOTATION_DOCUMENT_KINDS, oneOf(QUOTATION_DOCUMENT_KINDS))
  document_kind?: QuotationKind;
}

/** The filters every document list takes: the page (offset or cursor, and sync), the financial year or dates, the client and the search. */
export const COMMON_DOCUMENT_FILTERS = ['limit', 'offset', ...SYNC_LIST_PARAMS, 'fy_start_year', 'date_from', 'date_to', 'client_id', 'search'] as const;

export function documentFilterOf(q: DocumentListQueryDto): DocumentListFilter {
  return {
    ...syncPageOf(q),
    fyStartYear: q.fy_start_year,
    dateFrom: q.date_from,
    dateTo: q.date_to,
    clientId: q.client_id,
    search: q.search || undefined,
    status: q.status,
    paymentStatus: q.payment_status,
    dueFrom: q.due_from,
    dueTo: q.due_to,
    paymentDateFrom: q.payment_date_from,
    paymentDateTo: q.payment_date_to,
    approvalStatus: q.approval_status,
    documentKind: q.document_kind,
  };
}
