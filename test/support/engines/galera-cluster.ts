import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { freePort } from '../redis-child';
import { chownTree } from './mariadb-pair';

const run = promisify(execFile);

/** Where Debian's galera-4 package puts the replication provider. */
export const GALERA_PROVIDER = '/usr/lib/galera/libgalera_smm.so';

/** Whether this machine has what a Galera cluster needs (mariadb-server, galera-4, rsync; scripts/install.sh installs them). */
export function galeraAvailable(): boolean {
  return existsSync(GALERA_PROVIDER) && existsSync('/usr/sbin/mariadbd') && existsSync('/usr/bin/rsync');
}

interface Node {
  index: number;
  dir: string;
  port: number;
  groupPort: number;
  child: ChildProcess | null;
}

/**
 * A Galera cluster of MariaDB servers on loopback, in a temporary directory, started and stopped by this test
 * process (each server is its child; stop() kills them by process id and removes the directory).
 *
 * The servers run as the `mysql` system user even when the tests run as root: the rsync state transfer that brings
 * a joining node up to date runs an rsync daemon, and a daemon started by root drops to `nobody`, which cannot
 * write the joiner's data directory.
 */
export class GaleraCluster {
  readonly nodes: Node[] = [];
  private root = '';

  constructor(private readonly size = 3) {}

  /** mysql:// URL of a node, for a database `name`. */
  url(index: number, name: string): string {
    return `mysql://root@127.0.0.1:${this.nodes[index].port}/${name}`;
  }

  async start(): Promise<void> {
    this.root = mkdtempSync(path.join(tmpdir(), 'galera-'));
    for (let i = 0; i < this.size; i++) {
      const dir = path.join(this.root, `node${i + 1}`);
      mkdirSync(path.join(dir, 'tmp'), { recursive: true });
      this.nodes.push({ index: i, dir, port: await freePort(), groupPort: await freePort(), child: null });
    }
    chownTree(this.root);
    await Promise.all(
      this.nodes.map((node) =>
        run('mariadb-install-db', [
          '--no-defaults',
          `--datadir=${node.dir}/data`,
          // Each bootstrap its own temporary directory: installs running side by side in one /tmp have
          // removed each other's temporary tables ("Unknown table 'mysql.tmp_proxies_priv'").
          `--tmpdir=${node.dir}/tmp`,
          ...(process.getuid?.() === 0 ? ['--user=mysql'] : []),
          '--auth-root-authentication-method=normal',
          '--skip-test-db',
        ]),
      ),
    );
    chownTree(this.root);
    // The first node founds the cluster; the others join it one at a time (each takes a full state transfer).
    await this.startNode(this.nodes[0], 'gcomm://');
    for (const node of this.nodes.slice(1)) await this.startNode(node, `gcomm://127.0.0.1:${this.nodes[0].groupPort}`);
    await this.waitForSize(this.size);
  }

  /** Kills a node at once (SIGKILL: a crash, not a shutdown). */
  async kill(index: number): Promise<void> {
    const child = this.nodes[index].child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /** Waits until a running node sees `size` members in its primary component. */
  async waitForSize(size: number, via = 0, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = await this.status(via, 'wsrep_cluster_size').catch(() => null);
      if (Number(seen) === size) return;
      if (Date.now() > deadline) throw new Error(`the cluster did not reach ${size} nodes (saw ${seen})`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** A wsrep status variable of a node. */
  async status(index: number, name: string): Promise<string> {
    const conn = await createConnection({ host: '127.0.0.1', port: this.nodes[index].port, user: 'root' });
    try {
      const [rows] = await conn.query('SHOW GLOBAL STATUS LIKE ?', [name]);
      return String((rows as Array<{ Value: string }>)[0]?.Value ?? '');
    } finally {
      await conn.end();
    }
  }

  async stop(): Promise<void> {
    for (const node of this.nodes) await this.kill(node.index);
    if (this.root) rmSync(this.root, { recursive: true, force: true });
  }

  private async startNode(node: Node, clusterAddress: string): Promise<void> {
    const g = node.groupPort;
    const [ist, sst] = [await freePort(), await freePort()];
    const args = [
      '--no-defaults',
      ...(process.getuid?.() === 0 ? ['--user=mysql'] : []),
      `--datadir=${node.dir}/data`,
      `--socket=${node.dir}/mysqld.sock`,
      `--pid-file=${node.dir}/mysqld.pid`,
      `--log-error=${node.dir}/error.log`,
      `--port=${node.port}`,
      '--bind-address=127.0.0.1',
      '--innodb-buffer-pool-size=64M',
      '--innodb-log-file-size=16M',
      '--innodb-flush-log-at-trx-commit=2',
      '--max-connections=200',
      '--binlog-format=ROW',
      '--innodb-autoinc-lock-mode=2',
      // Causal reads: a read on any node waits until that node has applied every write committed anywhere before
      // it began, so a caller whose next request lands on another node reads what it has just written.
      '--wsrep-sync-wait=1',
      '--wsrep-on=ON',
      `--wsrep-provider=${GALERA_PROVIDER}`,
      '--wsrep-cluster-name=invoicing_test',
      `--wsrep-cluster-address=${clusterAddress}`,
      `--wsrep-node-address=127.0.0.1:${g}`,
      `--wsrep-node-incoming-address=127.0.0.1:${node.port}`,
      `--wsrep-provider-options=gmcast.listen_addr=tcp://127.0.0.1:${g};ist.recv_addr=127.0.0.1:${ist};gcache.size=32M`,
      '--wsrep-sst-method=rsync',
      `--wsrep-sst-receive-address=127.0.0.1:${sst}`,
    ];
    const child = spawn('/usr/sbin/mariadbd', args, { stdio: 'ignore' });
    node.child = child;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Galera node ${node.index + 1} exited while starting (see its error.log)`);
      const state = await this.status(node.index, 'wsrep_local_state_comment').catch(() => '');
      if (state === 'Synced') return;
      if (Date.now() > deadline) throw new Error(`Galera node ${node.index + 1} did not reach Synced (state "${state}")`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
