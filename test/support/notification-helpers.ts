import { ActivityRelaySchedule } from '../../apps/worker/src/notifications/activity-relay.schedule';
import type { TestWorker } from './sendout-worker';

/** The worker's activity relay (notifications and webhook deliveries are made from it). */
export function notificationsOf(worker: TestWorker): ActivityRelaySchedule {
  return worker.app.get(ActivityRelaySchedule);
}

/**
 * Relays every activity event committed so far: the first call may join a run that started earlier,
 * the second starts after it.
 */
export async function relayAll(worker: TestWorker): Promise<void> {
  const runtime = notificationsOf(worker);
  await runtime.relayOnce();
  await runtime.relayOnce();
}
