import { Cluster } from 'ioredis';
import { loadConfig } from '../config/app-config';
import { isCluster, openRedis, parseClusterNodes, queuePrefix, taggedPrefix } from './redis-connection';

describe('Redis connection', () => {
  it('parses REDIS_CLUSTER_NODES and names a bad entry', () => {
    expect(parseClusterNodes('127.0.0.1:7000, redis-b:7001,[::1]:7002')).toEqual([
      { host: '127.0.0.1', port: 7000 },
      { host: 'redis-b', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
    expect(parseClusterNodes(' , ')).toBe('REDIS_CLUSTER_NODES must list at least one host:port');
    expect(parseClusterNodes('127.0.0.1:7000,redis-b')).toBe('REDIS_CLUSTER_NODES entry "redis-b" is not host:port');
    expect(parseClusterNodes('a:70000')).toBe('REDIS_CLUSTER_NODES entry "a:70000" is not host:port');
  });

  it('reads the target from the environment: REDIS_URL alone, or a cluster', () => {
    expect(loadConfig({ REDIS_URL: 'redis://r:6380' }).redis).toBe('redis://r:6380');
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'a:7000,b:7001', REDIS_CLUSTER_PASSWORD: 'pw' }).redis).toEqual({
      cluster: [
        { host: 'a', port: 7000 },
        { host: 'b', port: 7001 },
      ],
      password: 'pw',
    });
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'a' })).toThrow('REDIS_CLUSTER_NODES entry "a" is not host:port');
  });

  it('keeps single-node key names and gives each queue its own hash tag on a cluster', () => {
    const cluster = { cluster: [{ host: 'a', port: 7000 }] };
    expect(queuePrefix('redis://r', 'q-db', 'sendouts')).toBe('q-db');
    expect(queuePrefix(cluster, 'q-db', 'sendouts')).toBe('{q-db:sendouts}');
    expect(queuePrefix(cluster, 'q-db', 'push')).toBe('{q-db:push}');
    expect(taggedPrefix('redis://r', 'ratelimit:login:', 'db')).toBe('ratelimit:login:db:');
    expect(taggedPrefix(cluster, 'ratelimit:login:', 'db')).toBe('ratelimit:login:{db}:');
  });

  it('opens a Cluster client for a cluster target and a plain client otherwise', () => {
    const target = { cluster: [{ host: '127.0.0.1', port: 1 }] };
    expect(isCluster(target)).toBe(true);
    const cluster = openRedis(target, { lazyConnect: true, enableOfflineQueue: false });
    const single = openRedis('redis://127.0.0.1:1', { lazyConnect: true });
    try {
      expect(cluster).toBeInstanceOf(Cluster);
      expect((cluster as unknown as Cluster).options.enableOfflineQueue).toBe(false);
      expect(single).not.toBeInstanceOf(Cluster);
    } finally {
      cluster.disconnect();
      single.disconnect();
    }
  });
});
