import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

/**
 * Takes `key` for `ttlMs` unless another process holds it (SET NX PX). The lock is never released
 * early: it also spaces runs across processes. False when taken or when Redis does not answer.
 */
export async function takeLock(redis: Redis, key: string, ttlMs: number): Promise<boolean> {
  try {
    return (await redis.set(key, randomBytes(8).toString('hex'), 'PX', Math.max(1, ttlMs), 'NX')) === 'OK';
  } catch {
    return false;
  }
}
