import { Body, Controller, Delete, Get, HttpCode, Param, Query, Res } from '@nestjs/common';
import { Post, Patch } from '../idempotency/idempotent-routes';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { ClientsService } from '@app/domain/clients/clients.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { IdsBodyDto } from '@app/contract/common/ids-body.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { queryFlag } from '../common/flag';
import { CreateClientDto, UpdateClientDto } from '@app/contract/clients/clients.dto';
import { presentClient } from '@app/contract/clients/client.presenter';
import type { EdgeReply } from '../edge/http-edge';
import { PaymentsService } from '@app/domain/payments/payments.service';
import { toNumber2 } from '@app/domain/shared/money';
import { ReadsReplica } from '../common/replica-reads';
import { SyncListQueryDto, syncPageOf } from '@app/contract/common/sync-list-query.dto';
import { listAnswer } from '../common/list-answer';
import { withCommand } from '@app/contract/common/commands';

@AccountApi('clients')
@RequirePermission('clients')
@Controller('v1/clients')
export class ClientsController {
  constructor(
    private readonly clients: ClientsService,
    private readonly payments: PaymentsService,
  ) {}

  @Get()
  @ReadsReplica()
  @ApiOperation({ summary: 'Clients, newest first' })
  async list(@CurrentCaller() caller: Caller, @Query() query: SyncListQueryDto) {
    const page = await this.clients.list(caller, syncPageOf(query));
    return listAnswer('clients', page, presentClient);
  }

  @Post()
  @ApiOperation({ summary: 'Create a client (200 with skipped=true when phone, email or GSTIN already exists)' })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateClientDto, @Res({ passthrough: true }) res: EdgeReply) {
    const result = await withCommand(body, (command) => this.clients.create(caller, command));
    res.status(result.skipped ? 200 : 201);
    return { skipped: result.skipped, client: presentClient(result.client) };
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several clients; unknown ids and clients with documents are skipped' })
  bulkDelete(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto) {
    return this.clients.bulkDelete(caller, body.ids);
  }

  @Get(':id')
  @ApiOperation({ summary: "A client, with its credit: what its payments in the account's currency hold unallocated" })
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    const client = presentClient(await this.clients.get(caller, id));
    return { ...client, credit_balance: toNumber2(await this.payments.creditBalance(caller, id)) };
  }

  @Patch(':id')
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateClientDto) {
    return presentClient(await withCommand(body, (command) => this.clients.update(caller, id, command)));
  }

  @Delete(':id')
  @ApiQuery({ name: 'cascade', required: false, description: "1 or true: also delete the client's documents" })
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Query('cascade') cascade?: string) {
    await this.clients.delete(caller, id, queryFlag('cascade', cascade));
    return { deleted: true };
  }
}
