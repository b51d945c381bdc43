import type { Logger } from 'pino';

/**
 * Bounds the graceful stop that Nest's shutdown hooks run on SIGTERM or SIGINT (running jobs finish,
 * schedules end their pass, then the queues, Chromium and the database close). The first signal starts a
 * timer of `timeoutMs`; when the process is still alive at its end (a job, a pass or a connection that does
 * not end, for instance after database or Redis faults), a warning is logged and the process exits with
 * status 1. The timer does not keep the process alive, and a stop that ends in time never sees it.
 */
export function boundGracefulStop(
  timeoutMs: number,
  log: Pick<Logger, 'warn'>,
  exit: (code: number) => void = (code) => process.exit(code),
  signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
): void {
  const start = (signal: NodeJS.Signals) => {
    // Once armed, these listeners go: the signal Nest sends itself after its hooks must end the process.
    for (const s of signals) process.removeListener(s, start);
    setTimeout(() => {
      log.warn({ signal, timeout_s: timeoutMs / 1000 }, 'graceful stop did not end in time (WORKER_SHUTDOWN_TIMEOUT_S): exiting');
      exit(1);
    }, timeoutMs).unref();
  };
  for (const s of signals) process.once(s, start);
}
