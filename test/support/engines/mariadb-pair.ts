import { ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Connection, createConnection } from 'mysql2/promise';
import { freePort } from '../redis-child';

const run = promisify(execFile);
const ROOT_USER = process.getuid?.() === 0 ? ['--user=mysql'] : [];

/** A read-only account on the replica: reads and replication status, nothing else (a write through it fails loudly). */
export const READER = { user: 'replica_reader', password: 'reader-pass-1' };

interface Server {
  name: string;
  dir: string;
  port: number;
  child: ChildProcess | null;
}

/**
 * A MariaDB primary and one asynchronous replica (binary log, row format) on loopback, in a temporary directory,
 * started and stopped by this test process by process id. As with GaleraCluster, the servers run as `mysql`
 * when the tests run as root.
 */
export class MariadbPair {
  readonly primary: Server = { name: 'primary', dir: '', port: 0, child: null };
  readonly replica: Server = { name: 'replica', dir: '', port: 0, child: null };
  private root = '';

  primaryUrl(database: string): string {
    return `mysql://root@127.0.0.1:${this.primary.port}/${database}`;
  }

  /** The replica as the service reads it: the read-only account. */
  replicaUrl(database: string): string {
    return `mysql://${READER.user}:${READER.password}@127.0.0.1:${this.replica.port}/${database}`;
  }

  async start(): Promise<void> {
    this.root = mkdtempSync(path.join(tmpdir(), 'mariadb-pair-'));
    for (const server of [this.primary, this.replica]) {
      server.dir = path.join(this.root, server.name);
      mkdirSync(path.join(server.dir, 'tmp'), { recursive: true });
      server.port = await freePort();
    }
    chownTree(this.root);
    await Promise.all(
      [this.primary, this.replica].map((s) =>
        run('mariadb-install-db', [
          '--no-defaults',
          `--datadir=${s.dir}/data`,
          `--tmpdir=${s.dir}/tmp`,
          ...ROOT_USER,
          '--auth-root-authentication-method=normal',
          '--skip-test-db',
        ]),
      ),
    );
    chownTree(this.root);
    await this.startServer(this.primary, ['--server-id=1', '--log-bin=primary-bin', '--binlog-format=ROW']);
    await this.startServer(this.replica, ['--server-id=2', '--read-only=ON', '--relay-log=replica-relay']);
    const primary = await this.connect('primary');
    const replica = await this.connect('replica');
    try {
      await primary.query("CREATE USER 'repl'@'127.0.0.1' IDENTIFIED BY 'repl-pass-1'");
      await primary.query("GRANT REPLICATION SLAVE ON *.* TO 'repl'@'127.0.0.1'");
      const [status] = await primary.query('SHOW MASTER STATUS');
      const { File, Position } = (status as Array<{ File: string; Position: number }>)[0];
      await replica.query(
        `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${this.primary.port}, MASTER_USER='repl', MASTER_PASSWORD='repl-pass-1', MASTER_LOG_FILE=?, MASTER_LOG_POS=${Number(Position)}`,
        [File],
      );
      await replica.query('START SLAVE');
      // Made on the primary, the reader reaches the replica through replication like everything else.
      await primary.query(`CREATE USER '${READER.user}'@'%' IDENTIFIED BY '${READER.password}'`);
      await primary.query(`GRANT SELECT, SLAVE MONITOR ON *.* TO '${READER.user}'@'%'`);
    } finally {
      await primary.end();
      await replica.end();
    }
    await this.caughtUp();
  }

  /** A root connection to one of the servers. */
  connect(which: 'primary' | 'replica', database?: string): Promise<Connection> {
    const server = which === 'primary' ? this.primary : this.replica;
    return createConnection({ host: '127.0.0.1', port: server.port, user: 'root', database, multipleStatements: true });
  }

  /** Runs statements on the replica as root (replication control, or rows the primary does not have). */
  async onReplica(sql: string, params: unknown[] = [], database?: string): Promise<unknown> {
    const conn = await this.connect('replica', database);
    try {
      const [rows] = await conn.query(sql, params);
      return rows;
    } finally {
      await conn.end();
    }
  }

  /** Waits until the replica has applied everything the primary has written so far. */
  async caughtUp(timeoutMs = 30_000): Promise<void> {
    const primary = await this.connect('primary');
    let gtid: string;
    try {
      const [rows] = await primary.query('SELECT @@gtid_binlog_pos AS gtid');
      gtid = (rows as Array<{ gtid: string }>)[0].gtid;
    } finally {
      await primary.end();
    }
    const rows = (await this.onReplica('SELECT MASTER_GTID_WAIT(?, ?) AS waited', [gtid, timeoutMs / 1000])) as Array<{ waited: number }>;
    if (Number(rows[0].waited) !== 0) throw new Error(`the replica did not reach ${gtid}`);
  }

  async stop(): Promise<void> {
    for (const server of [this.replica, this.primary]) {
      const child = server.child;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
    }
    if (this.root) rmSync(this.root, { recursive: true, force: true });
  }

  private async startServer(server: Server, extra: string[]): Promise<void> {
    const args = [
      '--no-defaults',
      ...ROOT_USER,
      `--datadir=${server.dir}/data`,
      `--socket=${server.dir}/mysqld.sock`,
      `--pid-file=${server.dir}/mysqld.pid`,
      `--log-error=${server.dir}/error.log`,
      `--port=${server.port}`,
      '--bind-address=127.0.0.1',
      '--innodb-buffer-pool-size=64M',
      '--innodb-log-file-size=16M',
      '--innodb-flush-log-at-trx-commit=2',
      '--max-connections=200',
      ...extra,
    ];
    server.child = spawn('/usr/sbin/mariadbd', args, { stdio: 'ignore' });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the ${server.name} exited while starting (see its error.log)`);
      const conn = await createConnection({ host: '127.0.0.1', port: server.port, user: 'root' }).catch(() => null);
      if (conn) {
        await conn.end();
        return;
      }
      if (Date.now() > deadline) throw new Error(`the ${server.name} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** chown -R to the `mysql` system user (only root can; an unprivileged run keeps its own user throughout). */
export function chownTree(root: string, user = 'mysql'): void {
  if (process.getuid?.() !== 0) return;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  if (!line) throw new Error(`no ${user} user: install mariadb-server`);
  const [, , uid, gid] = line.split(':').map(Number);
  const walk = (p: string) => {
    chownSync(p, uid, gid);
    if (statSync(p).isDirectory()) for (const entry of readdirSync(p)) walk(path.join(p, entry));
  };
  walk(root);
}
