import { SendoutJob } from './sendout';

/**
 * Hands a committed row to the workers. The job's identity is the row id, so enqueueing a row that a
 * job already holds does nothing. May throw (queue unreachable, time-out): the row stays queued and the
 * sweeper enqueues it later.
 */
export abstract class SendoutQueue {
  abstract enqueue(job: SendoutJob): Promise<void>;
}
