import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

/** How long a lock request waits for a connection that is still being made (a worker's first pass at start). */
const CONNECT_WAIT_MS = 5000;

/** Resolves once `redis` is ready, or after `ms` (the caller's command then fails as it would have). */
function ready(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    redis.once('ready', done);
  });
}

/**
 * Takes `key` for `ttlMs` unless another process holds it (SET NX PX). The lock is never released
 * early: it also spaces runs across processes. False when taken or when Redis does not answer.
 * A connection still being made is waited for (up to 5 s): the queue connections refuse commands while
 * offline, and the schedules' first pass runs as the worker starts, before they are up; without the wait
 * that pass found no lock and the daily jobs waited an hour for their next check.
 */
export async function takeLock(redis: Redis, key: string, ttlMs: number): Promise<boolean> {
  try {
    await ready(redis, CONNECT_WAIT_MS);
    return (await redis.set(key, randomBytes(8).toString('hex'), 'PX', Math.max(1, ttlMs), 'NX')) === 'OK';
  } catch {
    return false;
  }
}
