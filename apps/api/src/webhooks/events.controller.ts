import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { StoredWebhookEvent } from '@app/domain/webhooks/webhook-event-log.port';
import { WebhookEventsService } from '@app/domain/webhooks/webhook-events-log.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { EventsQueryDto } from '@app/contract/webhooks/events.dto';

/** An event as the API shows it: exactly the JSON body its webhook deliveries carry. */
export function presentEvent(e: StoredWebhookEvent): Record<string, unknown> {
  return JSON.parse(e.payload) as Record<string, unknown>;
}

/** The events log: the account's webhook events of the last 30 days, whether or not an endpoint received them. */
@AccountApi('webhooks')
@RequirePermission('integrations')
@Controller('v1/events')
export class EventsController {
  constructor(private readonly events: WebhookEventsService) {}

  @Get()
  @ApiOperation({ summary: 'Webhook events of the last 30 days, newest first' })
  async list(@CurrentCaller() caller: Caller, @Query() query: EventsQueryDto) {
    const page = await this.events.list(caller, {
      type: query.type,
      resourceType: query.resource_type,
      resourceId: query.resource_id,
      createdSince: query.updated_since === undefined ? undefined : new Date(query.updated_since),
      limit: query.limit,
      startingAfter: query.starting_after,
      endingBefore: query.ending_before,
    });
    return { events: page.events.map(presentEvent), has_more: page.hasMore };
  }

  @Get(':event_id')
  @ApiOperation({ summary: 'One webhook event' })
  async get(@CurrentCaller() caller: Caller, @Param('event_id') id: string) {
    return presentEvent(await this.events.get(caller, id));
  }
}
