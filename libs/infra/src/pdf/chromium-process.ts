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
  // Chromium on Linux otherwise starts two crashpad handlers per browser, detached from its process
  // group and re-parented to init: they would outlive close() as orphans (zombies without an init that reaps).
  '--disable-crashpad-for-testing',
];

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
