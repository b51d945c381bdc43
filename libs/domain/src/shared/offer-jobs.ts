/**
 * Offers outbox jobs to a queue in order (a sweeper's loop). Stops at the first refusal: the queue is
 * unreachable, and the rest waits for the next sweep.
 */
export async function offerJobs<T>(jobs: T[], enqueue: (job: T) => Promise<void>): Promise<{ enqueued: number; queueDown: boolean }> {
  let enqueued = 0;
  for (const job of jobs) {
    try {
      await enqueue(job);
      enqueued++;
    } catch {
      return { enqueued, queueDown: true };
    }
  }
  return { enqueued, queueDown: false };
}
