import { Env, envReader } from './env-reader';

export interface HttpConfig {
  /** The platform under Nest (HTTP_ADAPTER): fastify (default) or express. */
  adapter: 'fastify' | 'express';
  /** Deepest nesting of arrays and objects a JSON body may have (JSON_MAX_DEPTH); deeper is 400. */
  jsonMaxDepth: number;
  /**
   * Whose X-Forwarded-For gives the client address (TRUST_PROXY): false (off, the default: the socket's
   * address), true (on: any), a hop count, or a comma-separated list of addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string;
}

/** TRUST_PROXY: off/on, a hop count, or addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8`). */
function readTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string {
  const value = (raw ?? '').trim();
  if (!value || ['0', 'off', 'false', 'no'].includes(value.toLowerCase())) return false;
  if (['on', 'true', 'yes'].includes(value.toLowerCase())) return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const parts = value.split(',').map((p) => p.trim());
  if (parts.every((p) => /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(p) || ['loopback', 'linklocal', 'uniquelocal'].includes(p))) return parts.join(',');
  problems.push('TRUST_PROXY must be off, on, a hop count, or comma-separated addresses or CIDR ranges');
  return false;
}

/** HTTP_ADAPTER, JSON_MAX_DEPTH and TRUST_PROXY. */
export function readHttpConfig(env: Env, problems: string[]): HttpConfig {
  const { int, str } = envReader(env, problems);
  const adapter = str('HTTP_ADAPTER', 'fastify').toLowerCase();
  if (adapter !== 'fastify' && adapter !== 'express') problems.push('HTTP_ADAPTER must be fastify or express');
  return {
    adapter: adapter === 'express' ? 'express' : 'fastify',
    jsonMaxDepth: int('JSON_MAX_DEPTH', 32, 1, 1000),
    trustProxy: readTrustProxy(env.TRUST_PROXY, problems),
  };
}
