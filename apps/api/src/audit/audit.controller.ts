import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { Type } from 'class-transformer';
import type { Caller } from '@app/domain/shared/caller';
import { AuditFilter, AuditTrail, parseAuditActor, parseAuditTime } from '@app/domain/audit/audit-trail';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { listAnswer } from '../common/list-answer';
import { CursorListQueryDto, cursorPageOf } from '@app/contract/common/sync-list-query.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { presentAuditEntry } from '@app/contract/audit/audit.presenter';

/** Entity types of the audit trail the filter accepts. */
export const AUDIT_ENTITY_TYPES = [
  'account',
  'business_settings',
  'client',
  'invoice',
  'quotation',
  'proforma_invoice',
  'debit_note',
  'credit_note',
  'payment',
  'recurring_invoice',
  'inventory',
  'expense',
  'sendout',
  'session',
  'push_device',
  'tds_section',
  'tds_deposit',
  'user',
  'webhook_endpoint',
] as const;

export class AuditLogQueryDto extends CursorListQueryDto {
  @ApiPropertyOptional({ enum: AUDIT_ENTITY_TYPES })
  @IsOptional()
  @IsIn(AUDIT_ENTITY_TYPES, { message: `must be one of ${AUDIT_ENTITY_TYPES.join(', ')}` })
  entity_type?: string;

  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  entity_id?: number;

  @ApiPropertyOptional({ description: '`api_key`, `system`, `user` (any user) or `user:<id>`' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(20, { message: 'is too long' })
  actor?: string;

  @ApiPropertyOptional({ description: 'From this time on (inclusive): Y-m-d, Y-m-d H:i:s (UTC) or ISO 8601' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(40, { message: 'is too long' })
  from?: string;

  @ApiPropertyOptional({ description: 'Up to this time (inclusive): Y-m-d, Y-m-d H:i:s (UTC) or ISO 8601' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(40, { message: 'is too long' })
  to?: string;
}

/** The audit trail: read-only, newest first (owner, or users with the `settings` permission). */
@AccountApi('audit')
@Controller('v1/audit-log')
export class AuditLogController {
  constructor(private readonly trail: AuditTrail) {}

  @Get()
  @RequirePermission('settings')
  @ApiOperation({ summary: 'Who changed what and when, with the fields before and after; append-only, newest first' })
  async list(@CurrentCaller() caller: Caller, @Query() query: AuditLogQueryDto) {
    const filter: AuditFilter = {
      entityType: query.entity_type,
      entityId: query.entity_id,
      actor: query.actor === undefined ? undefined : parseAuditActor(query.actor),
      from: query.from === undefined ? undefined : parseAuditTime('from', query.from),
      to: query.to === undefined ? undefined : parseAuditTime('to', query.to),
    };
    const page = await this.trail.list(caller, filter, cursorPageOf(query));
    return listAnswer('entries', page, presentAuditEntry);
  }
}

/** The history of one document, oldest change first (the permission of its kind). */
@AccountApi('audit')
@Controller('v1')
export class DocumentHistoryController {
  constructor(private readonly trail: AuditTrail) {}

  private async history(caller: Caller, entityType: string, id: number) {
    return { entries: (await this.trail.history(caller, entityType, id)).map(presentAuditEntry) };
  }

  @Get('invoices/:id/history')
  @RequirePermission('invoices')
  @ApiOperation({ summary: 'Every change of the invoice (also after it was deleted), oldest first' })
  invoice(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return this.history(caller, 'invoice', id);
  }

  @Get('quotations/:id/history')
  @RequirePermission('quotations')
  @ApiOperation({ summary: 'Every change of the quotation, oldest first' })
  quotation(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return this.history(caller, 'quotation', id);
  }

  @Get('proforma-invoices/:id/history')
  @RequirePermission('proforma_invoices')
  @ApiOperation({ summary: 'Every change of the proforma invoice, oldest first' })
  proforma(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return this.history(caller, 'proforma_invoice', id);
  }

  @Get('debit-notes/:id/history')
  @RequirePermission('debit_notes')
  @ApiOperation({ summary: 'Every change of the debit note, oldest first' })
  debitNote(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return this.history(caller, 'debit_note', id);
  }

  @Get('credit-notes/:id/history')
  @RequirePermission('credit_notes')
  @ApiOperation({ summary: 'Every change of the credit note, oldest first' })
  creditNote(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return this.history(caller, 'credit_note', id);
  }
}
