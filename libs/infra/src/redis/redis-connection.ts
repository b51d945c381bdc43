import { Processor, Queue, Worker, WorkerOptions } from 'bullmq';
import Redis, { Cluster, RedisOptions } from 'ioredis';

/** One Redis Cluster node, as given in REDIS_CLUSTER_NODES. */
export interface RedisClusterNode {
  host: string;
  port: number;
}

/**
 * Where the service keeps its queues, locks, rate-limit buckets and caches: a single Redis (its URL) or a
 * Redis Cluster (its seed nodes; the client discovers the rest and follows failovers). Every connection of
 * the API and the worker is opened from this value by `openRedis` or `bullConnection`.
 */
export type RedisTarget = string | { cluster: readonly RedisClusterNode[]; password?: string };

/** True when `target` is a Redis Cluster. */
export function isCluster(target: RedisTarget): target is Exclude<RedisTarget, string> {
  return typeof target !== 'string';
}

/**
 * Parses REDIS_CLUSTER_NODES, comma-separated `host:port` (IPv6 hosts in brackets: `[::1]:7000`).
 * Returns the nodes, or a message that names the bad entry.
 */
export function parseClusterNodes(value: string): RedisClusterNode[] | string {
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length) return 'REDIS_CLUSTER_NODES must list at least one host:port';
  const nodes: RedisClusterNode[] = [];
  for (const entry of entries) {
    const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(entry);
    const port = match ? Number(match[2]) : 0;
    if (!match || port < 1 || port > 65535) return `REDIS_CLUSTER_NODES entry "${entry}" is not host:port`;
    nodes.push({ host: match[1].replace(/^\[|\]$/g, ''), port });
  }
  return nodes;
}

/**
 * A connection to `target` with the given per-command options. A cluster client is typed as `Redis`:
 * the commands the service uses (strings, hashes, SET NX, EVAL of one-key scripts, MULTI and pipelines
 * whose keys share a slot) behave the same on both, and BullMQ accepts either.
 */
export function openRedis(target: RedisTarget, options: RedisOptions = {}): Redis {
  if (!isCluster(target)) return new Redis(target, options);
  const { enableOfflineQueue, retryStrategy, ...redisOptions } = options;
  const cluster = new Cluster(
    target.cluster.map((n) => ({ host: n.host, port: n.port })),
    {
      redisOptions: { ...redisOptions, password: target.password ?? redisOptions.password },
      enableOfflineQueue: enableOfflineQueue ?? true,
      clusterRetryStrategy: retryStrategy ?? ((times) => Math.min(100 * times, 2000)),
      // After a failover the old master's slots answer MOVED / CLUSTERDOWN until the replica is promoted.
      retryDelayOnClusterDown: 200,
      retryDelayOnFailover: 200,
      retryDelayOnTryAgain: 200,
      slotsRefreshTimeout: 2000,
    },
  );
  return cluster as unknown as Redis;
}

/**
 * A BullMQ worker of `queue` on `target` under the configured `prefix` (see queuePrefix). Its connection
 * runs blocking commands, so it has no per-command retry limit; on a cluster the client is opened here and
 * disconnected when the worker closes (BullMQ leaves a client it was given open).
 */
export function openWorker<D, R>(
  target: RedisTarget,
  queue: string,
  processor: Processor<D, R>,
  options: Omit<WorkerOptions, 'connection' | 'prefix'> & { prefix: string },
): Worker<D, R> {
  const prefix = queuePrefix(target, options.prefix, queue);
  if (!isCluster(target)) {
    const connection = { url: target, maxRetriesPerRequest: null, connectTimeout: 5000 };
    return new Worker<D, R>(queue, processor, { ...options, connection, prefix });
  }
  const client = openRedis(target, { maxRetriesPerRequest: null, connectTimeout: 5000 });
  client.on('error', () => undefined); // reported through the worker's own error events
  const worker = new Worker<D, R>(queue, processor, { ...options, connection: client, prefix });
  worker.once('closed', () => client.disconnect());
  return worker;
}

/**
 * The BullMQ prefix of `queue`. On a single Redis it is the configured prefix as it always was; on a
 * cluster it becomes a hash tag per queue, `{<prefix>:<queue>}`, so every key of one queue (and each Lua
 * script BullMQ runs over them) sits in one slot while different queues spread over the masters.
 */
export function queuePrefix(target: RedisTarget, prefix: string, queue: string): string {
  return isCluster(target) ? `{${prefix}:${queue}}` : prefix;
}

/**
 * A key prefix whose keys are read or written together in one pipeline or MULTI: on a cluster its
 * name part is wrapped in a hash tag (`ratelimit:login:` + `{db}` + `:`), so they share a slot.
 */
export function taggedPrefix(target: RedisTarget, base: string, tag: string): string {
  return isCluster(target) ? `${base}{${tag}}:` : `${base}${tag}:`;
}

/**
 * Closes BullMQ queues opened on `redis`, a client they were given and nobody else uses, then the client.
 *
 * BullMQ's close drops every listener of the connection wrapper it put around the client, while the queue's start
 * (wait for 'ready', then INFO) may still be pending. If that start fails afterwards, BullMQ emits the failure on
 * the wrapper with no listener left: an uncaught 'error' that ends the process. With Redis down the start waits
 * for the client's 'end', which comes when `disconnect` finds the client in the middle of a connection attempt.
 * So a client that is not ready is ended first, while the queues still listen (their 'error' listeners take the
 * failure), and a ready client lets its queues finish their start (2 s at most) before they close.
 */
export async function closeQueuesAndClient(redis: Redis, queues: readonly Queue[]): Promise<void> {
  if (redis.status !== 'ready') redis.disconnect();
  const started = Promise.all(queues.map((queue) => queue.waitUntilReady().catch(() => undefined)));
  // Between two attempts (status 'reconnecting') the end cancels the next attempt and no 'end' follows: the start
  // then stays pending for good, holding no timer or socket, and nothing is left to fail.
  if (redis.status !== 'reconnecting') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([started, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
    clearTimeout(timer);
  }
  await Promise.all(queues.map((queue) => queue.close().catch(() => undefined)));
  redis.disconnect();
}
