import { DataSource, EntityManager } from 'typeorm';
import { createDataSource } from './data-source';

/** What /health/ready says of one replica. */
export interface ReplicaState {
  /** host:port of the replica (never its credentials). */
  replica: string;
  state: 'up' | 'lagging' | 'down';
  /** Seconds behind the primary as the replica reports it (null when down or not replicating). */
  lag_s: number | null;
}

interface Member {
  url: string;
  name: string;
  dataSource: DataSource | null;
  state: ReplicaState['state'];
  lag: number | null;
}

/**
 * The read replicas of DATABASE_REPLICA_URLS. A check every `intervalMs` asks each replica how far behind the
 * primary it is (SHOW REPLICA STATUS, `Seconds_Behind_Master`); a replica that does not answer, is not
 * replicating, or is more than `maxLagS` behind is left out until a later check finds it well again. `manager()`
 * hands out the replicas in turn, or null when none is fit, and the caller reads the primary.
 *
 * TypeORM's own `replication` option picks a replica for every read outside a transaction and knows neither lag
 * nor read-your-writes, so the service keeps one DataSource per replica and chooses itself.
 */
export class ReplicaSet {
  private readonly members: Member[];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    urls: string[],
    private readonly maxLagS: number,
    private readonly poolSize = 5,
    private readonly intervalMs = 1000,
  ) {
    this.members = urls.map((url) => {
      const parsed = new URL(url);
      return { url, name: `${parsed.hostname}:${parsed.port || 3306}`, dataSource: null, state: 'down', lag: null };
    });
  }

  get size(): number {
    return this.members.length;
  }

  /** Runs the first check (a replica down at start is not an error: it is skipped) and schedules the next ones. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  /** The entity manager of the next fit replica, or null. */
  manager(): EntityManager | null {
    for (let i = 0; i < this.members.length; i++) {
      const member = this.members[(this.next + i) % this.members.length];
      if (member.state === 'up' && member.dataSource) {
        this.next = (this.next + i + 1) % this.members.length;
        return member.dataSource.manager;
      }
    }
    return null;
  }

  states(): ReplicaState[] {
    return this.members.map((m) => ({ replica: m.name, state: m.state, lag_s: m.lag }));
  }

  async check(): Promise<void> {
    await Promise.all(this.members.map((member) => this.checkOne(member)));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const member of this.members) {
      if (member.dataSource?.isInitialized) await member.dataSource.destroy().catch(() => undefined);
    }
  }

  private async checkOne(member: Member): Promise<void> {
    try {
      if (!member.dataSource?.isInitialized) member.dataSource = await createDataSource(member.url, this.poolSize).initialize();
      const rows: Array<Record<string, unknown>> = await member.dataSource.query('SHOW SLAVE STATUS');
      const status = rows[0];
      const lag = status?.Seconds_Behind_Master;
      const running = status?.Slave_IO_Running === 'Yes' && status?.Slave_SQL_Running === 'Yes';
      member.lag = lag === null || lag === undefined ? null : Number(lag);
      member.state = running && member.lag !== null ? (member.lag <= this.maxLagS ? 'up' : 'lagging') : 'down';
    } catch {
      member.state = 'down';
      member.lag = null;
    }
  }
}
