import { parseClusterNodes, RedisTarget } from '../redis/redis-connection';
import { Env } from './env-reader';

/**
 * The Redis the service uses: REDIS_CLUSTER_NODES (comma-separated host:port seed nodes of a Redis Cluster,
 * with REDIS_CLUSTER_PASSWORD when the nodes require one) when set, else the single REDIS_URL.
 */
export function readRedisTarget(env: Env, redisUrl: string, problems: string[]): RedisTarget {
  const nodes = (env.REDIS_CLUSTER_NODES ?? '').trim();
  if (!nodes) return redisUrl;
  const parsed = parseClusterNodes(nodes);
  if (typeof parsed === 'string') {
    problems.push(parsed);
    return redisUrl;
  }
  const password = (env.REDIS_CLUSTER_PASSWORD ?? '').trim();
  return password ? { cluster: parsed, password } : { cluster: parsed };
}
