import { Body, Controller, HttpCode, Delete, Get, Param, Query } from '@nestjs/common';
import { Post } from '../idempotency/idempotent-routes';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { isSendoutDocumentType } from '@app/domain/sendouts/sendout-rules';
import { STATEMENT_SENDOUT } from '@app/domain/sendouts/sendout';
import { Forbidden } from '@app/domain/shared/domain-error';
import { can } from '@app/domain/shared/principal';
import { SendoutsService } from '@app/domain/sendouts/sendouts.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { listAnswer } from '../common/list-answer';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { cursorPageOf } from '@app/contract/common/sync-list-query.dto';
import { requireDocumentPermission } from '../document-output/document-type';
import { CreateSendoutDto, SendoutDocumentsQueryDto, SendoutHistoryQueryDto, SendoutTemplateQueryDto } from '@app/contract/sendouts/sendouts.dto';
import { presentSendout } from '@app/contract/sendouts/sendout.presenter';
import { withCommand } from '@app/contract/common/commands';

@AccountApi('sendouts')
@RequirePermission('sendouts')
@Controller('v1/sendouts')
export class SendoutsController {
  constructor(private readonly sendouts: SendoutsService) {}

  @Post()
  @HttpCode(200) // the contract gives 201 to created documents, inventory and expenses only
  @ApiOperation({
    summary: "Queues an email of a document PDF or of a client's statement (document_type statement); the worker sends it (the API never waits for SMTP)",
  })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateSendoutDto) {
    if (isSendoutDocumentType(body.document_type)) requireDocumentPermission(caller.principal, body.document_type);
    // A statement shows what the client was invoiced and paid: the permission of GET /v1/clients/{id}/statement.
    if (body.document_type === STATEMENT_SENDOUT && !can(caller.principal, 'payments')) {
      throw new Forbidden('This user lacks the "payments" permission.', { permission: 'payments' });
    }
    const { queueId, enqueued } = await withCommand(body, (command) => this.sendouts.create(caller, command));
    return {
      success: true,
      message: enqueued ? 'The email is queued for delivery.' : 'The email is queued; delivery starts as soon as the queue is reachable.',
      queue_id: queueId,
    };
  }

  @Get()
  @ApiOperation({ summary: 'Queue rows, newest first (queued, sending, sent, failed, cancelled)' })
  async history(@CurrentCaller() caller: Caller, @Query() query: SendoutHistoryQueryDto) {
    return listAnswer('history', await this.sendouts.history(caller, cursorPageOf(query)), presentSendout);
  }

  @Get('templates')
  @ApiOperation({ summary: 'Subject and message prefilled from the document, the client and the business' })
  async template(@CurrentCaller() caller: Caller, @Query() query: SendoutTemplateQueryDto) {
    requireDocumentPermission(caller.principal, query.document_type);
    return this.sendouts.template(caller, query.document_type, query.client_id, query.document_id);
  }

  @Get('documents')
  @ApiOperation({ summary: "The client's documents of a type for the pick list (label: number, date, amount)" })
  async documents(@CurrentCaller() caller: Caller, @Query() query: SendoutDocumentsQueryDto) {
    requireDocumentPermission(caller.principal, query.document_type);
    const documents = await this.sendouts.documentChoices(caller, query.document_type, query.client_id);
    return { documents: documents.map((d) => ({ document_id: d.documentId, label: d.label })) };
  }

  @Delete(':queue_id')
  @ApiOperation({ summary: 'A queued email is cancelled and never sent; any row leaves the history' })
  async remove(@CurrentCaller() caller: Caller, @Param('queue_id', ParseIdPipe) id: number) {
    await this.sendouts.delete(caller, id);
    return { deleted: true };
  }
}
