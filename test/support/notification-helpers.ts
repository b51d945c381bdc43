import { NotificationsRuntime } from '../../apps/worker/src/notifications/notifications-runtime';
import type { TestWorker } from './sendout-worker';

/** The worker's notification side. */
export function notificationsOf(worker: TestWorker): NotificationsRuntime {
  return worker.app.get(NotificationsRuntime);
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
