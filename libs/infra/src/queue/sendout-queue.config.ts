import type { JobsOptions } from 'bullmq';
import type { QueueConfig } from '../config/queue-config';

/** Queue name; keys live under `<QUEUE_PREFIX>:sendouts:*`. */
export const SENDOUT_QUEUE = 'sendouts';

/** The BullMQ job id of a row: the row id (BullMQ refuses purely numeric custom ids, hence the word). */
export function sendoutJobId(sendoutId: number): string {
  return `sendout-${sendoutId}`;
}

/**
 * Retries with exponential back-off and jitter (base, 2x, 4x ... each drawn from 50-100% of that).
 * Finished jobs are removed so the sweeper can offer a row again under the same id; the database row,
 * not the job, is the record of what happened.
 */
export function sendoutJobOptions(config: QueueConfig): JobsOptions {
  return {
    attempts: config.sendoutMaxAttempts,
    backoff: { type: 'exponential', delay: config.sendoutBackoffMs, jitter: 0.5 },
    removeOnComplete: true,
    removeOnFail: true,
  };
}
