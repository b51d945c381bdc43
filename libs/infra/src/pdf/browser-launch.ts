import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer';
import { CHROMIUM_ARGS, groupGone, killGroup, processExited, withTimeout } from './chromium-process';
import { attachStopper } from './page-stop';

/** One headless Chromium of the renderer's, with its idle pages and the renders on it. */
export interface BrowserHandle {
  browser: Browser;
  process: ChildProcess | null;
  userDataDir: string;
  idle: Page[];
  inFlight: number;
  renders: number;
  /** No new renders: replaced by a fresh browser, closed when its in-flight renders are done. */
  retiring: boolean;
  dead: boolean;
  closing: Promise<void> | null;
  /** Removes the profile if Node exits without close() (puppeteer kills the browser on exit). */
  onExit: () => void;
}

/** Launches Chromium on a fresh profile (removed again if the launch fails). */
export async function launchBrowser(executablePath: string, renderTimeoutMs: number): Promise<BrowserHandle> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'pdf-renderer-profile-'));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath,
      headless: true,
      pipe: true,
      userDataDir,
      args: CHROMIUM_ARGS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: 30_000,
      protocolTimeout: Math.max(30_000, renderTimeoutMs * 2),
    });
  } catch (err) {
    await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
    throw err;
  }
  const handle: BrowserHandle = {
    browser,
    process: browser.process(),
    userDataDir,
    idle: [],
    inFlight: 0,
    renders: 0,
    retiring: false,
    dead: false,
    closing: null,
    onExit: () => rmSync(userDataDir, { recursive: true, force: true }),
  };
  process.once('exit', handle.onExit);
  return handle;
}

export async function newPage(browser: Browser): Promise<Page> {
  return preparePage(await browser.newPage());
}

/** JavaScript off, every request but data: URLs and about:blank aborted, a stopper attached (`page-stop.ts`). */
export async function preparePage(page: Page): Promise<Page> {
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', (req: HTTPRequest) => {
    if (req.isInterceptResolutionHandled()) return;
    const url = req.url();
    const allowed = url.startsWith('data:') || url === 'about:blank';
    (allowed ? req.continue() : req.abort('blockedbyclient')).catch(() => undefined);
  });
  await attachStopper(page);
  return page;
}

/** Closes the browser, makes sure its whole process group is gone, removes the profile. Once per handle. */
export function closeBrowser(handle: BrowserHandle): Promise<void> {
  handle.closing ??= (async () => {
    handle.retiring = true;
    handle.idle.length = 0;
    const proc = handle.process;
    const exited = proc ? processExited(proc) : Promise.resolve();
    if (handle.browser.connected) {
      await withTimeout(handle.browser.close(), 5_000).catch(() => undefined);
    }
    if (proc?.pid) {
      const gone = await withTimeout(exited, 2_000).then(
        () => true,
        () => false,
      );
      if (!gone) killGroup(proc.pid);
      await withTimeout(exited, 5_000).catch(() => undefined);
      // The zygote and renderers leave with the browser; give them a moment, then make sure.
      if (!(await groupGone(proc.pid, 2_000))) {
        killGroup(proc.pid);
        await groupGone(proc.pid, 2_000);
      }
    }
    await rm(handle.userDataDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
    process.off('exit', handle.onExit);
  })();
  return handle.closing;
}
