import type { CDPSession, Page } from 'puppeteer';

/**
 * Ending a page whose print is under way, as fast as Chromium allows.
 *
 * `page.close()` (CDP `Target.closeTarget`) is served by the page's renderer once it is done with the layout
 * or print step it is in: about half a second into a long document's print. CDP `Page.crash` kills the page's
 * renderer process instead, so the print fails at once (150 to 200 ms against 500 for the close, on a loaded
 * two-core machine) and the crashed tab then closes without waiting for anything. Every page prints in its own
 * renderer process (site isolation, each tab its own browsing instance), so the crash takes no other print
 * with it. `page-stop.e2e-spec.ts` checks both on the Chromium we ship: if either changes, it fails.
 */
const sessions = new WeakMap<Page, CDPSession>();

/** Opens the CDP session `stopPage` sends its crash on (one per page, opened while the page is prepared). */
export async function attachStopper(page: Page): Promise<void> {
  sessions.set(page, await page.createCDPSession());
}

/** Longest wait for Chromium to report the crash before the tab is closed anyway. */
const CRASH_REPORT_MS = 2_000;

/** Crashes the page's renderer, then closes the tab; never rejects (the page may already be gone). */
export async function stopPage(page: Page): Promise<void> {
  const session = sessions.get(page);
  if (session && !page.isClosed()) {
    // `Page.crash` gets no answer (its renderer is gone): Chromium reports the crash as an event, which
    // puppeteer turns into the page's 'error'. Closing before it would wait for the print like close() alone.
    let timer: NodeJS.Timeout | undefined;
    const crashed = new Promise<void>((resolve) => {
      page.once('error', () => resolve());
      timer = setTimeout(resolve, CRASH_REPORT_MS);
    });
    session.send('Page.crash').catch(() => undefined);
    await crashed;
    clearTimeout(timer);
  }
  await page.close().catch(() => undefined);
}
