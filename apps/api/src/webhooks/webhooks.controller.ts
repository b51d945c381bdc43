import { Body, Controller, Delete, Get, HttpCode, Param, Query } from '@nestjs/common';
import { Post, Patch } from '../idempotency/idempotent-routes';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { formatTimestamp } from '@app/domain/shared/fiscal-year';
import { WebhooksService } from '@app/domain/webhooks/webhooks.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { listAnswer } from '../common/list-answer';
import { CursorListQueryDto, cursorPageOf } from '@app/contract/common/sync-list-query.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateWebhookDto, UpdateWebhookDto } from '@app/contract/webhooks/webhooks.dto';
import { withCommand } from '@app/contract/common/commands';
import { presentDelivery, presentWebhook } from '@app/contract/webhooks/webhook.presenter';

@AccountApi('webhooks')
@RequirePermission('integrations')
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({ summary: 'Webhook endpoints of the account' })
  async list(@CurrentCaller() caller: Caller) {
    return { webhooks: (await this.webhooks.list(caller)).map(presentWebhook) };
  }

  @Post()
  @ApiOperation({ summary: 'Add an endpoint; the answer carries its signing secret, shown this once' })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateWebhookDto) {
    const { endpoint, secret } = await withCommand(body, (command) => this.webhooks.create(caller, command));
    return { ...presentWebhook(endpoint), secret };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One endpoint' })
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentWebhook(await this.webhooks.get(caller, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change url, events, description or enabled (enabling again clears the failure run)' })
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateWebhookDto) {
    return presentWebhook(await withCommand(body, (command) => this.webhooks.update(caller, id, command)));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Remove an endpoint and its delivery log' })
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.webhooks.delete(caller, id);
    return { deleted: true };
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new signing secret, shown this once; the old one keeps signing beside it for 24 hours' })
  async rotate(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    const rotated = await this.webhooks.rotateSecret(caller, id);
    return { secret: rotated.secret, previous_secret_expires_at: formatTimestamp(rotated.previousSecretExpiresAt) };
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a signed ping event to the endpoint now; the answer is its delivery with the outcome' })
  async test(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentDelivery(await this.webhooks.test(caller, id));
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: 'Deliveries to the endpoint, newest first: status, attempts, last answer (first 1 KB) and duration' })
  async deliveries(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Query() query: CursorListQueryDto) {
    return listAnswer('deliveries', await this.webhooks.deliveries(caller, id, cursorPageOf(query)), presentDelivery);
  }

  @Post(':id/deliveries/:delivery_id/redeliver')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send the event of a delivery again (a new delivery, queued behind the endpoint’s others)' })
  async redeliver(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Param('delivery_id', ParseIdPipe) deliveryId: number) {
    return presentDelivery(await this.webhooks.redeliver(caller, id, deliveryId));
  }
}
