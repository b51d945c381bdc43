import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { queuePrefix } from '@app/infra/redis/redis-connection';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/infra/config/app-config';
import { TypeormTransactionRunner } from '@app/infra/database/typeorm-transaction-runner';
import { PDF_RENDER_OBSERVER, PdfRenderObserver } from '@app/infra/pdf/pdf-renderer-infra.module';
import { CA_SYNC_QUEUE } from '@app/infra/queue/bullmq-ca-sync';
import { PUSH_QUEUE } from '@app/infra/queue/bullmq-push-queue';
import { SENDOUT_QUEUE } from '@app/infra/queue/sendout-queue.config';
import { STORE_NOTIFICATION_QUEUE } from '@app/infra/billing/bullmq-store-notification-queue';
import { APP_CONFIG } from '../core/tokens';
import { ApiMetrics } from './api-metrics';
import { MetricsController } from './metrics.controller';

/** The queues whose depths and kept outcomes /metrics reports. */
export const OBSERVED_QUEUES = [SENDOUT_QUEUE, PUSH_QUEUE, CA_SYNC_QUEUE, STORE_NOTIFICATION_QUEUE];
const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

interface MysqlPoolInternals {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/** Points the metrics at this app's database pool and queues once they exist, and closes the queue handles. */
@Injectable()
class MetricsSources implements OnApplicationBootstrap, OnApplicationShutdown {
  private queues: Queue[] = [];

  constructor(
    private readonly metrics: ApiMetrics,
    private readonly dataSource: DataSource,
    private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.queues = OBSERVED_QUEUES.map((name) => {
      const queue = new Queue(name, { connection: this.redis, prefix: queuePrefix(this.config.redis, this.config.queue.prefix, name) });
      queue.on('error', () => undefined); // an unreachable Redis shows as missing queue figures
      return queue;
    });
    this.metrics.attach({
      databasePool: () => {
        // mysql2 keeps these counts in fields of its pool, which no public API exposes.
        const pool = (this.dataSource.driver as unknown as { pool?: MysqlPoolInternals }).pool;
        if (!pool?._allConnections) return null;
        const all = pool._allConnections.length;
        const idle = pool._freeConnections?.length ?? 0;
        return { used: all - idle, idle, waiting: pool._connectionQueue?.length ?? 0 };
      },
      transactionRetries: () => TypeormTransactionRunner.retries,
      queueCounts: async () => {
        if (this.redis.status !== 'ready') return {};
        const counts = await Promise.all(this.queues.map((queue) => queue.getJobCounts(...JOB_STATES)));
        return Object.fromEntries(this.queues.map((queue, i) => [queue.name, counts[i]]));
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
  }
}

/** Prometheus metrics of the API process (docs/operations.md, "Metrics"). */
@Global()
@Module({})
export class MetricsModule {
  static register(metrics: ApiMetrics): DynamicModule {
    return {
      module: MetricsModule,
      controllers: [MetricsController],
      providers: [
        { provide: ApiMetrics, useValue: metrics },
        { provide: PDF_RENDER_OBSERVER, useValue: ((seconds, outcome) => metrics.observePdfRender(seconds, outcome)) satisfies PdfRenderObserver },
        MetricsSources,
      ],
      exports: [ApiMetrics, PDF_RENDER_OBSERVER],
    };
  }
}
