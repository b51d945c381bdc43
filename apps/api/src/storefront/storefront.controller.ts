import { Body, Controller, Delete, Get, HttpCode, Inject, Query, Req } from '@nestjs/common';
import { Post } from '../idempotency/idempotent-routes';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { StorefrontService } from '@app/domain/storefront/storefront.service';
import { ReceiveStorefrontWebhook } from '@app/domain/storefront/storefront-events';
import type { StorefrontConfig } from '@app/infra/config/storefront-config';
import { CurrentCaller, Public, RequirePermission } from '../common/decorators';
import { listAnswer } from '../common/list-answer';
import { CursorListQueryDto, cursorPageOf } from '@app/contract/common/sync-list-query.dto';
import type { EdgeRequest } from '../edge/http-edge';
import { BackfillStorefrontDto, ConnectStorefrontDto } from '@app/contract/storefront/storefront.dto';
import { withCommand } from '@app/contract/common/commands';
import { presentStatus, presentEvent } from '@app/contract/storefront/storefront.presenter';

export const STOREFRONT_CONFIG = 'STOREFRONT_CONFIG';

const header = (req: EdgeRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The storefront integration: connect a shop, its status, backfill, logs (`integrations` permission), and the shop's webhooks (public). */
@ApiTags('storefront')
@Controller('v1/integrations/storefront')
export class StorefrontController {
  constructor(
    private readonly storefront: StorefrontService,
    private readonly receive: ReceiveStorefrontWebhook,
    @Inject(STOREFRONT_CONFIG) private readonly config: StorefrontConfig,
  ) {}

  @Get()
  @RequirePermission('integrations')
  @ApiBearerAuth()
  @ApiSecurity('api-key')
  @ApiOperation({ summary: 'Connection status of the shop, with the backfill progress; never the token' })
  async status(@CurrentCaller() caller: Caller) {
    return presentStatus(await this.storefront.status(caller));
  }

  @Post()
  @HttpCode(200)
  @RequirePermission('integrations')
  @ApiBearerAuth()
  @ApiSecurity('api-key')
  @ApiOperation({ summary: 'Connect a shop (Pro): the token is checked with the shop and stored encrypted; webhooks are registered' })
  async connect(@CurrentCaller() caller: Caller, @Body() body: ConnectStorefrontDto) {
    return presentStatus(await withCommand(body, (command) => this.storefront.connect(caller, command)));
  }

  @Delete()
  @RequirePermission('integrations')
  @ApiBearerAuth()
  @ApiSecurity('api-key')
  @ApiOperation({ summary: 'Disconnect the shop: its webhooks are removed (best effort) and the token forgotten' })
  async disconnect(@CurrentCaller() caller: Caller) {
    return presentStatus(await this.storefront.disconnect(caller));
  }

  @Post('backfill')
  @HttpCode(200)
  @RequirePermission('integrations')
  @ApiBearerAuth()
  @ApiSecurity('api-key')
  @ApiOperation({ summary: 'Start making invoices of past orders (one backfill per account at a time)' })
  async backfill(@CurrentCaller() caller: Caller, @Body() body: BackfillStorefrontDto) {
    const since = body?.since ? (body.since.length === 10 ? `${body.since} 00:00:00` : body.since) : null;
    return presentStatus(await this.storefront.backfill(caller, since));
  }

  @Get('logs')
  @RequirePermission('integrations')
  @ApiBearerAuth()
  @ApiSecurity('api-key')
  @ApiOperation({ summary: 'Webhook deliveries received from the shop and what became of them, newest first (kept 30 days)' })
  async logs(@CurrentCaller() caller: Caller, @Query() query: CursorListQueryDto) {
    return listAnswer('logs', await this.storefront.logs(caller, cursorPageOf(query)), presentEvent);
  }

  /**
   * The shop's webhook deliveries. The body arrives as raw bytes (the edge does not parse it on this path):
   * the HMAC is checked on exactly what was sent, before anything reads it.
   */
  @Post('webhooks')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: "A webhook delivery of the connected shop (HMAC-SHA256 of the raw body with the connection's secret)" })
  webhook(@Req() req: EdgeRequest) {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    return this.receive.execute({
      shopDomain: header(req, this.config.shopHeader),
      signature: header(req, this.config.hmacHeader),
      topic: header(req, this.config.topicHeader),
      webhookId: header(req, this.config.webhookIdHeader),
      body,
    });
  }
}
