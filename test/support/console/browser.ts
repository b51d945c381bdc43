/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { Browser, Page } from 'puppeteer';
import { AxePuppeteer } from '@axe-core/puppeteer';
import { CHROMIUM_ARGS } from '@app/infra/pdf/chromium-process';

/** Where the suites write the console's screenshots (git-ignored). */
export const SCREENSHOT_DIR = join(__dirname, '..', '..', '..', 'tmp', 'console-screenshots');

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** Debian's Chromium, as the PDF renderer launches it. */
export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** A full-page screenshot of the page at phone and desktop widths, named `name-phone.png` and `name-desktop.png`. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewport(viewport);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${label}.png`) as `${string}.png`, fullPage: true });
  }
  await page.setViewport(VIEWPORTS.desktop);
}

/** Serious and critical axe-core findings of the page, as lines. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxePuppeteer(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fills the form fields by name and submits the form holding the first one, waiting for the next page. */
export async function submitForm(page: Page, values: Record<string, string>, formSelector = 'main form'): Promise<number> {
  for (const [name, value] of Object.entries(values)) {
    await page.$eval(`${formSelector} [name="${name}"]`, (el, v) => ((el as HTMLInputElement).value = v), value);
  }
  const [response] = await Promise.all([page.waitForNavigation(), page.$eval(formSelector, (form) => (form as HTMLFormElement).requestSubmit())]);
  return response?.status() ?? 0;
}
