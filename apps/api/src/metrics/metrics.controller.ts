import { Controller, Get, Headers, Inject, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '@app/infra/config/app-config';
import { NotFound, Unauthorized } from '@app/domain/shared/domain-error';
import { Public } from '../common/decorators';
import { APP_CONFIG } from '../core/tokens';
import type { EdgeReply } from '../edge/http-edge';
import { ApiMetrics } from './api-metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** GET /metrics: the Prometheus text format, only to a scraper holding METRICS_TOKEN. */
@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: ApiMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  @ApiProduces('text/plain')
  @ApiOperation({ summary: 'Prometheus metrics (Bearer METRICS_TOKEN; 404 when no token is configured)' })
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) res: EdgeReply): Promise<StreamableFile> {
    const token = this.config.metricsToken;
    if (!token) throw new NotFound('Metrics are not enabled on this server.');
    const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
    // Digests of equal length, compared in constant time: the token's length does not leak either.
    if (!timingSafeEqual(digest(presented), digest(token))) throw new Unauthorized('The metrics token is missing or wrong.');
    res.header('Content-Type', this.metrics.contentType);
    res.header('Cache-Control', 'no-store');
    return new StreamableFile(Buffer.from(await this.metrics.text(), 'utf8'));
  }
}
