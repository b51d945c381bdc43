import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REDIS_SERVER = '/usr/bin/redis-server';
/** Redis Cluster's bus listens on the client port + 10000. */
const BUS_OFFSET = 10_000;

/** Whether this machine has redis-server and redis-cli (the redis-server package). */
export function redisClusterAvailable(): boolean {
  return existsSync(REDIS_SERVER) && existsSync('/usr/bin/redis-cli');
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first port the kernel may hand out to an outgoing connection (net.ipv4.ip_local_port_range). */
const EPHEMERAL_FROM = 32_768;
const FIRST_PORT = 20_000;

/**
 * A loopback port whose cluster bus port (+10000) is free as well. Both stay below the ephemeral range: a port
 * of that range found free can be taken by any outgoing connection of the machine before redis-server binds it.
 */
async function clusterPort(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = FIRST_PORT + Math.floor(Math.random() * (EPHEMERAL_FROM - BUS_OFFSET - FIRST_PORT));
    if (taken.has(port) || taken.has(port + BUS_OFFSET)) continue;
    if ((await portFree(port)) && (await portFree(port + BUS_OFFSET))) {
      taken.add(port);
      return port;
    }
  }
}

interface Node {
  port: number;
  dir: string;
  child: ChildProcess | null;
}

/**
 * A Redis Cluster on loopback in a temporary directory: `masters` masters with one replica each, made by
 * `redis-cli --cluster create`. Each server is a child of this test process; stop() kills them by process
 * id and removes the directory. A short node timeout makes a killed master's replica take over in seconds.
 */
export class RedisCluster {
  readonly nodes: Node[] = [];
  private root = '';

  constructor(
    private readonly masters = 3,
    private readonly nodeTimeoutMs = 2000,
  ) {}

  /** REDIS_CLUSTER_NODES for this cluster. */
  get seeds(): string {
    return this.nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  }

  async start(): Promise<void> {
    this.root = mkdtempSync(path.join(tmpdir(), 'redis-cluster-'));
    const taken = new Set<number>();
    for (let i = 0; i < this.masters * 2; i++) {
      const dir = path.join(this.root, `node${i + 1}`);
      mkdirSync(dir);
      this.nodes.push({ port: await clusterPort(taken), dir, child: null });
    }
    await Promise.all(this.nodes.map((node) => this.startNodeOnFreePort(node, taken)));
    const addresses = this.nodes.map((n) => `127.0.0.1:${n.port}`);
    await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '1', '--cluster-yes']);
    await this.waitFor(() => this.allOk(), 'every node to report cluster_state:ok');
    // cluster_state:ok comes before the replicas have their first copy (a master waits 5 s to batch diskless syncs);
    // a replica that never synced refuses to take over ("disconnected from master for longer than allowed").
    await this.waitFor(() => this.replicasSynced(), 'every replica to finish its first sync');
  }

  /** Whether every running replica's link to its master is up. */
  private async replicasSynced(): Promise<boolean> {
    const live = this.nodes.filter((n) => n.child);
    const infos = await Promise.all(live.map((n) => this.cli(n.port, 'info', 'replication').then((r) => r.stdout)));
    const replicas = infos.filter((info) => info.includes('role:slave'));
    return replicas.length === this.masters && replicas.every((info) => info.includes('master_link_status:up'));
  }

  /** Ports of the nodes that are masters now and not marked failed, as the first running node sees them. */
  async masterPorts(): Promise<number[]> {
    const live = this.nodes.find((n) => n.child);
    if (!live) return [];
    const { stdout } = await this.cli(live.port, 'cluster', 'nodes');
    return stdout
      .split('\n')
      .filter((line) => / master /.test(line) || /,master /.test(line))
      .filter((line) => !/fail/.test(line.split(' ')[2] ?? ''))
      .map((line) => Number(/:(\d+)@/.exec(line)?.[1]));
  }

  /** Port of the master that serves `key`'s hash slot now. */
  async masterOf(key: string): Promise<number> {
    const live = this.nodes.find((n) => n.child)!;
    const slot = Number((await this.cli(live.port, 'cluster', 'keyslot', key)).stdout.trim());
    const { stdout } = await this.cli(live.port, 'cluster', 'nodes');
    for (const line of stdout.split('\n')) {
      const fields = line.split(' ');
      if (!/master/.test(fields[2] ?? '') || /fail/.test(fields[2])) continue;
      for (const range of fields.slice(8)) {
        const [from, to = from] = range.split('-').map(Number);
        if (slot >= from && slot <= to) return Number(/:(\d+)@/.exec(fields[1])?.[1]);
      }
    }
    throw new Error(`no master serves slot ${slot}`);
  }

  /**
   * Kills the master at `port` (SIGKILL, a crash) and waits until its replica has taken its slots over and
   * every remaining node reports cluster_state:ok again.
   */
  async killMasterAndFailover(port: number): Promise<void> {
    const node = this.nodes.find((n) => n.port === port);
    if (!node?.child) throw new Error(`no running node on port ${port}`);
    await this.kill(node);
    await this.waitFor(async () => !(await this.masterPorts()).includes(port) && (await this.allOk()), 'a replica to take the killed master over');
  }

  async stop(): Promise<void> {
    for (const node of this.nodes) await this.kill(node);
    if (this.root) rmSync(this.root, { recursive: true, force: true });
  }

  private async kill(node: Node): Promise<void> {
    const child = node.child;
    node.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /** Starts `node`, on another port when something else bound its port (or bus port) first. */
  private async startNodeOnFreePort(node: Node, taken: Set<number>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.startNode(node);
      } catch (err) {
        if (attempt === 3 || !/exited while starting/.test((err as Error).message)) throw err;
        node.child = null;
        node.port = await clusterPort(taken);
      }
    }
  }

  private async startNode(node: Node): Promise<void> {
    const child = spawn(
      REDIS_SERVER,
      [
        '--port', String(node.port),
        '--bind', '127.0.0.1',
        '--dir', node.dir,
        '--cluster-enabled', 'yes',
        '--cluster-config-file', 'nodes.conf',
        '--cluster-node-timeout', String(this.nodeTimeoutMs),
        '--save', '',
        '--appendonly', 'no',
      ], // prettier-ignore
      { stdio: 'ignore' },
    );
    node.child = child;
    await this.waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`redis-server on ${node.port} exited while starting`);
      return (await this.cli(node.port, 'ping')).stdout.trim() === 'PONG';
    }, `redis-server on ${node.port} to answer`);
  }

  private async allOk(): Promise<boolean> {
    const live = this.nodes.filter((n) => n.child);
    const states = await Promise.all(live.map((n) => this.cli(n.port, 'cluster', 'info').then((r) => r.stdout)));
    return states.every((info) => info.includes('cluster_state:ok'));
  }

  private cli(port: number, ...args: string[]): Promise<{ stdout: string }> {
    return run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args]);
  }

  private async waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ok = await check().catch((err: Error) => {
        if (/exited while starting/.test(err.message)) throw err;
        return false;
      });
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
