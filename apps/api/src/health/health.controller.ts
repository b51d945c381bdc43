import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import Redis from 'ioredis';
import { NotAvailable } from '@app/domain/shared/domain-error';
import { ReplicaSet } from '@app/infra/database/replica-set';
import { Public } from '../common/decorators';

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: Redis,
    private readonly replicas: ReplicaSet,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Database and Redis reachability (503 when either is down)' })
  health() {
    return this.ready();
  }

  /** Liveness: the process answers. A load balancer restarts it only when this fails, never for a dependency. */
  @Get('live')
  @Public()
  @ApiOperation({ summary: 'Liveness: the process is up (no dependency checked)' })
  live() {
    return { status: 'ok' };
  }

  /** Readiness: the process can serve (database and Redis answer); 503 takes it out of rotation meanwhile. */
  @Get('ready')
  @Public()
  @ApiOperation({ summary: 'Readiness: database and Redis reachability (503 when either is down)' })
  async ready() {
    const [database, redis] = await Promise.all([
      within(this.dataSource.query('SELECT 1'), 2000).then(
        () => 'up',
        () => 'down',
      ),
      within(this.redis.ping(), 2000).then(
        () => 'up',
        () => 'down',
      ),
    ]);
    if (database !== 'up' || redis !== 'up') throw new NotAvailable('A dependency is unreachable.', { database, redis });
    return { status: 'ok', database, redis, ...(this.replicas.size ? { replicas: this.replicas.states() } : {}) };
  }
}
