import puppeteer, { type Browser } from 'puppeteer';
import { CHROMIUM_ARGS } from '@app/infra/pdf/chromium-process';
import { newPage } from '@app/infra/pdf/browser-launch';
import { stopPage } from '@app/infra/pdf/page-stop';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A table long enough that its print is still under way when the page is stopped. */
const LONG = `<table>${Array.from({ length: 3000 }, (_, i) => `<tr><td>${i}</td><td>row ${i} of a long statement</td></tr>`).join('')}</table>`;

/**
 * What the renderer's preemption relies on (`page-stop.ts`): CDP `Page.crash` ends a print under way (the
 * pending `page.pdf()` rejects instead of finishing), the crashed tab then closes, and a print on another
 * page of the same browser is not taken down with it (each page has its own renderer process).
 */
describe('stopPage on Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, pipe: true, args: CHROMIUM_ARGS });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('crashes a print under way and closes its page, leaving the print of another page to finish', async () => {
    const [stopped, other] = await Promise.all([newPage(browser), newPage(browser)]);
    await Promise.all([stopped.setContent(LONG), other.setContent(LONG)]);
    const started = stopped.pdf().then(
      () => 'printed',
      () => 'failed',
    );
    const neighbour = other.pdf();
    // Let the print get under way: its layout is served by the renderer we then crash.
    await new Promise((r) => setTimeout(r, 50));
    let crashReported = false;
    stopped.once('error', () => (crashReported = true));
    await stopPage(stopped);
    expect(crashReported).toBe(true); // the event stopPage waits for before it closes the tab
    expect(await started).toBe('failed');
    expect(stopped.isClosed()).toBe(true);
    const pdf = Buffer.from(await neighbour);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await other.close();
  }, 120_000);

  it('does not reject on a page already closed', async () => {
    const page = await newPage(browser);
    await page.close();
    await expect(stopPage(page)).resolves.toBeUndefined();
  }, 60_000);
});
