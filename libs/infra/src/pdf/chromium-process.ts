import type { ChildProcess } from 'node:child_process';
import { PdfRenderTimeout } from './pdf-renderer.errors';

/** Flags for the headless Chromium behind the PDF renderer (puppeteer adds its own defaults before them). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
// Not '--disable-crashpad-for-testing': it stops the two crashpad handlers Chromium detaches from its
// process group, but pages with an iframe then never finish loading. The handlers exit with the browser;
// like the zygotes they end up as orphans that init must reap (run under tini / `init: true` in Docker).

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfRenderTimeout(ms)), ms);
  });
  promise.catch(() => undefined); // a late failure after the timeout must not go unhandled
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function processExited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

/** Chromium is started as the leader of its own process group (puppeteer's `detached`). */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

export async function groupGone(pgid: number, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return true;
    }
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}
