import { PdfRenderer } from '@app/domain/documents/pdf-renderer.port';
import { PuppeteerPdfRenderer } from '@app/infra/pdf/puppeteer-pdf-renderer';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { commandLine, processesMentioning, processTree } from './support/processes';
import { createClient } from './support/sales-document-helpers';
import { insertProductDocument } from './support/sql-documents';
import { binary } from './support/binary-body';

/**
 * Chromium killed (SIGKILL, the browser and every process of its group) while the API renders document
 * PDFs: each request either gets its PDF (the renderer retries a render cut short by a crash once, on a
 * fresh browser) or a clean 503 `not_available` with Retry-After, never a 500; the next render succeeds on
 * a relaunched browser, and once the app has closed no Chromium process of this test process is left, nor
 * any process still using one of the renderer's profiles (crashpad handlers leave the process group).
 */
const chromiumDescendants = () => processTree(process.pid).filter((p) => /chrom/i.test(p.comm) && p.state !== 'Z');

describe('Chromium killed during API renders', () => {
  let t: TestApp | null = null;
  let a: TestAccount;
  let b: TestAccount;
  let renderer: PuppeteerPdfRenderer;
  const ids = new Map<number, number>();
  const profiles = new Set<string>();
  let before: number;

  const getPdf = (who: TestAccount) =>
    t!.http
      .get(`/v1/documents/invoice/${ids.get(who.accountId)}/pdf`)
      .set(who.auth)
      .buffer(true)
      .parse(binary)
      .timeout(60_000);

  /** Remembers the profile directory of the current browser, to look for its processes after the close. */
  function noteProfile(): number | null {
    const pid = renderer.stats().pid;
    const dir = pid ? /--user-data-dir=(\S+)/.exec(commandLine(pid))?.[1] : undefined;
    if (dir) profiles.add(dir);
    return pid;
  }

  beforeAll(async () => {
    before = chromiumDescendants().length;
    t = await startApp('pdf_faults', { PDF_CONCURRENCY: '2', PDF_ACCOUNT_CONCURRENCY: '2' });
    renderer = t.app.get<PdfRenderer, PuppeteerPdfRenderer>(PdfRenderer);
    a = await t.createAccount({ gstin: '27AAPFU0939F1ZV' });
    b = await t.createAccount({ gstin: '29AAACH7409R1ZX' });
    for (const who of [a, b]) {
      const clientId = await createClient(t, who);
      const id = await insertProductDocument(t.dataSource, 'invoice', who.accountId, clientId, 'INV/25-26/0001', '2025-08-05', [
        { description: 'Copper wire', hsn: '8544', quantity: 10, rate: 1000, taxRate: 18, igst: 1800, total: 11800 },
      ]);
      ids.set(who.accountId, id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('each request gets its PDF or a 503 not_available, never a 500; the next render succeeds on a relaunched browser', async () => {
    expect((await getPdf(a)).status).toBe(200);
    const first = noteProfile();
    expect(first).not.toBeNull();

    const pending = Array.from({ length: 12 }, (_, i) => getPdf(i % 2 ? a : b).then((r) => r));
    let settled = false;
    const all = Promise.all(pending).finally(() => (settled = true));
    // Kill the browser whenever it has renders in flight, three times (a render may lose its retry too).
    const killed: number[] = [];
    while (killed.length < 3 && !settled) {
      const { pid, inFlight } = renderer.stats();
      if (pid && inFlight > 0 && !killed.includes(pid)) {
        noteProfile();
        process.kill(-pid, 'SIGKILL'); // Chromium leads its own process group
        killed.push(pid);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const answers = await all;
    expect(killed.length).toBeGreaterThan(0);
    for (const res of answers) {
      if (res.status === 200) {
        expect(res.headers['content-type']).toBe('application/pdf');
        expect((res.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      } else {
        expect(res.status).toBe(503);
        expect(JSON.parse((res.body as Buffer).toString('utf8'))).toEqual({
          ok: false,
          error: { code: 'not_available', message: expect.any(String), details: expect.any(Object) },
        });
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    }

    // The next renders go to a fresh browser.
    for (const who of [a, b]) {
      const res = await getPdf(who);
      expect(res.status).toBe(200);
      expect((res.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const stats = renderer.stats();
    expect(stats.relaunches).toBeGreaterThanOrEqual(killed.length);
    expect(killed).not.toContain(stats.pid);
    noteProfile();
  });

  it('leaves no Chromium process behind once the app has closed', async () => {
    await t!.close();
    t = null;
    expect(profiles.size).toBeGreaterThan(0);
    expect(chromiumDescendants().length).toBe(before);
    for (const dir of profiles) expect(processesMentioning(dir)).toEqual([]);
  });
});
