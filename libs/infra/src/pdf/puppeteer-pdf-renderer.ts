import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, ConnectionClosedError, type HTTPRequest, type Page, type PDFOptions, ProtocolError } from 'puppeteer';
import type { DocumentView } from '@app/domain/documents/document-view';
import { PdfRenderer } from '@app/domain/documents/pdf-renderer.port';
import { CHROMIUM_ARGS, groupGone, killGroup, processExited, withTimeout } from './chromium-process';
import { PdfRendererBusy, PdfRendererClosed, PdfRendererCrashed } from './pdf-renderer.errors';
import { FairPagePool } from './fair-page-pool';
import { compileTemplates, pdfOptionsFor, templateHtml } from './templates';
import { signedQrPng, upiQrPng } from './upi-qr';
import { code128Png } from './barcode';

export { PdfRenderTimeout, PdfRendererBusy, PdfRendererClosed, PdfRendererCrashed } from './pdf-renderer.errors';
export { CHROMIUM_ARGS } from './chromium-process';

/** A render stopped by the page pool to give its page to another account; `renderPage` queues it again. */
class RenderPreempted extends Error {}

/** A call that failed because its page or browser went away (puppeteer's TargetCloseError is not in its typings). */
function closedUnder(err: unknown): boolean {
  return err instanceof ConnectionClosedError || (err instanceof ProtocolError && /Target closed|Session closed/.test(err.message));
}

export interface PuppeteerPdfRendererOptions {
  /** Chromium binary, e.g. /usr/bin/chromium (CHROMIUM_PATH). */
  executablePath: string;
  /** Pages rendering at once (PDF_CONCURRENCY); further renders wait for one (see `FairPagePool`). */
  concurrency: number;
  /** Limit for one render (setContent + pdf), default 15 000 ms. Queue time is not counted. */
  renderTimeoutMs?: number;
  /**
   * Pages one owner (account) holds while another owner waits for one (PDF_ACCOUNT_CONCURRENCY); an owner alone
   * may use every page. Default: pages go in arrival order, whoever asks.
   */
  perOwner?: number;
  /** Longest wait for a page, owner queue included (PDF_QUEUE_WAIT_MS); default: no bound. */
  queueWaitMs?: number;
  /** Replace the browser after this many renders, default 500. In-flight renders finish first. */
  recycleAfter?: number;
  /** Told the seconds each print took (page load and PDF, not the queue) and whether it gave a PDF: for metrics. */
  observeRender?: (seconds: number, outcome: 'ok' | 'failed') => void;
}

export interface PdfRendererStats {
  /** Successful renders since construction. */
  renders: number;
  /** Browser launches after the first (recycling and crash recovery). */
  relaunches: number;
  /** Pid of the browser new renders go to, null when none is running. */
  pid: number | null;
  inFlight: number;
  queued: number;
  /** Renders stopped to give their page to another account (see `FairPagePool`), each then rendered again. */
  preempted: number;
  /** Browsers alive, counting one being retired. */
  browsers: number;
}

interface BrowserHandle {
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

/**
 * PdfRenderer on one headless Chromium per instance, launched lazily, with a bounded pool of reused
 * pages (JavaScript off, every request but data: URLs aborted). A crashed browser is replaced on the
 * next render (a render cut short by the crash is retried once, then fails as PdfRendererCrashed, a
 * passing shortage); after `recycleAfter` renders the browser is replaced while its in-flight renders finish. close() is idempotent and waits until the
 * whole Chromium process group is gone.
 */
export class PuppeteerPdfRenderer extends PdfRenderer {
  private readonly timeoutMs: number;
  private readonly recycleAfter: number;
  private readonly handles = new Set<BrowserHandle>();
  private current: BrowserHandle | null = null;
  private launching: Promise<BrowserHandle> | null = null;
  private readonly pool: FairPagePool;
  private inFlight = 0;
  private renders = 0;
  private launches = 0;
  private closed: Promise<void> | null = null;

  constructor(private readonly options: PuppeteerPdfRendererOptions) {
    super();
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
      throw new RangeError('concurrency must be a positive integer');
    }
    this.pool = new FairPagePool(options.concurrency, options.perOwner);
    this.concurrency = options.concurrency;
    this.timeoutMs = options.renderTimeoutMs ?? 15_000;
    this.recycleAfter = Math.max(1, options.recycleAfter ?? 500);
  }

  /** Compiles the templates and launches the browser (otherwise both happen on the first render). */
  async start(): Promise<void> {
    if (this.closed) throw new PdfRendererClosed();
    compileTemplates();
    await this.browserForRender();
  }

  /**
   * Renders once a page is free. With `owner` and `perOwner`, a free page goes first to the owner holding the
   * fewest (`FairPagePool`), so an account alone renders on every page, and another account that asks gets a
   * page at once, taken from a render beyond the first account's share if none is free; a render that has not
   * got a page within `queueWaitMs` fails with PdfRendererBusy.
   */
  async render(view: DocumentView, template?: string, owner?: number): Promise<Uint8Array> {
    if (this.closed) throw new PdfRendererClosed();
    if (view.upi && !view.upi.qr_png_base64) view = { ...view, upi: { ...view.upi, qr_png_base64: await upiQrPng(view.upi.link) } };
    if (view.einvoice && !view.einvoice.qr_png_base64) {
      view = { ...view, einvoice: { ...view.einvoice, qr_png_base64: await signedQrPng(view.einvoice.signed_qr_code) } };
    }
    if (view.eway_bill && !view.eway_bill.barcode_png_base64) {
      view = { ...view, eway_bill: { ...view.eway_bill, barcode_png_base64: await code128Png(view.eway_bill.ewb_no) } };
    }
    return this.renderPage(templateHtml(view, template), pdfOptionsFor(view), owner);
  }

  /**
   * PDF bytes of a self-contained HTML page through the fair page pool, as `render` prints a
   * document: the printed forms other than sales documents (statements, receipt vouchers) share its bounds.
   * A render the pool preempts (its owner is past its share and another owner waits) closes its page and
   * queues again, ahead of its owner's later renders; the wait bound then counts from the new queueing.
   */
  async renderPage(html: string, pdfOptions: PDFOptions, owner?: number): Promise<Uint8Array> {
    const bound = this.options.queueWaitMs;
    const holder = this.options.perOwner ? owner : undefined;
    let seq: number | undefined;
    for (;;) {
      if (this.closed) throw new PdfRendererClosed();
      const stop = new AbortController();
      const lease = await this.pool.acquire(holder, {
        waitMs: bound,
        onTimeout: () => new PdfRendererBusy(bound ?? 0),
        preempt: () => stop.abort(),
        seq,
      });
      this.inFlight++;
      try {
        return await this.renderHtml(html, pdfOptions, stop.signal);
      } catch (err) {
        if (!(err instanceof RenderPreempted) || this.closed) throw err;
        seq = lease.seq;
      } finally {
        this.inFlight--;
        lease.release();
      }
    }
  }

  stats(): PdfRendererStats {
    return {
      renders: this.renders,
      relaunches: Math.max(0, this.launches - 1),
      pid: this.current?.process?.pid ?? null,
      inFlight: this.inFlight,
      queued: this.pool.queued,
      preempted: this.pool.preempted,
      browsers: this.handles.size,
    };
  }

  /** Kills the browser(s) and removes their profiles; queued renders are rejected. Idempotent. */
  /** A renderer bound in a Nest module closes Chromium with the application. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  close(): Promise<void> {
    this.closed ??= this.shutdown();
    return this.closed;
  }

  /** Nest calls this on app.close(), so the browser never outlives the application. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  private async shutdown(): Promise<void> {
    this.pool.rejectAll(() => new PdfRendererClosed());
    await this.launching?.catch(() => undefined);
    await Promise.all([...this.handles].map((h) => this.closeHandle(h)));
  }

  /**
   * PDF bytes of a self-contained HTML page, on a page of the pool's that `renderPage` holds. When `stop`
   * aborts, the page is closed (Chromium has no other way to stop a print) and RenderPreempted thrown,
   * unless the PDF was already made.
   */
  private async renderHtml(html: string, pdfOptions: PDFOptions, stop: AbortSignal): Promise<Uint8Array> {
    for (let attempt = 1; ; attempt++) {
      const handle = await this.browserForRender();
      handle.inFlight++;
      let page: Page | undefined;
      let reusable = false;
      const closePage = () => void page?.close().catch(() => undefined);
      try {
        page = handle.idle.pop();
        while (page?.isClosed()) page = handle.idle.pop(); // its renderer crashed while idle
        page ??= await this.newPage(handle.browser);
        if (stop.aborted) {
          reusable = true; // nothing printed on it yet
          throw new RenderPreempted();
        }
        stop.addEventListener('abort', closePage, { once: true });
        const pdf = await withTimeout(this.print(page, html, pdfOptions), this.timeoutMs);
        reusable = !stop.aborted;
        handle.renders++;
        this.renders++;
        return pdf;
      } catch (err) {
        if (err instanceof RenderPreempted) throw err;
        if (stop.aborted && !this.closed) throw new RenderPreempted();
        // The browser's end may be told by the failed call before its 'disconnected' event.
        const crashed = handle.dead || !handle.browser.connected || closedUnder(err);
        if (crashed && !this.closed) {
          if (attempt === 1) continue; // once more, on a fresh browser
          throw new PdfRendererCrashed(); // a 503 with Retry-After, like any passing shortage
        }
        throw err;
      } finally {
        stop.removeEventListener('abort', closePage);
        handle.inFlight--;
        if (page && reusable && !handle.dead && !handle.retiring) handle.idle.push(page);
        else if (page && !handle.dead) closePage();
        if (stop.aborted && page && !reusable) this.replacePage(handle); // the preemption closed it
        this.afterRender(handle);
      }
    }
  }

  private async print(page: Page, html: string, pdfOptions: PDFOptions): Promise<Uint8Array> {
    const started = process.hrtime.bigint();
    const observe = this.options.observeRender;
    try {
      await page.setContent(html, { waitUntil: 'load', timeout: this.timeoutMs });
      const pdf = await page.pdf({ ...pdfOptions, timeout: this.timeoutMs });
      observe?.(Number(process.hrtime.bigint() - started) / 1e9, 'ok');
      return pdf;
    } catch (err) {
      observe?.(Number(process.hrtime.bigint() - started) / 1e9, 'failed');
      throw err;
    }
  }

  private afterRender(handle: BrowserHandle): void {
    if (!handle.retiring && handle.renders >= this.recycleAfter) {
      handle.retiring = true;
      if (this.current === handle) this.current = null;
      // Warm the replacement now so the next render does not pay for the launch.
      if (!this.closed) this.browserForRender().catch(() => undefined);
    }
    if ((handle.retiring || handle.dead) && handle.inFlight === 0) void this.closeHandle(handle);
  }

  private browserForRender(): Promise<BrowserHandle> {
    const cur = this.current;
    if (cur && !cur.dead && !cur.retiring) return Promise.resolve(cur);
    if (this.closed) return Promise.reject(new PdfRendererClosed());
    this.launching ??= this.launch()
      .then((h) => (this.current = h))
      .finally(() => (this.launching = null));
    return this.launching;
  }

  private async launch(): Promise<BrowserHandle> {
    const userDataDir = await mkdtemp(join(tmpdir(), 'pdf-renderer-profile-'));
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath: this.options.executablePath,
        headless: true,
        pipe: true,
        userDataDir,
        args: CHROMIUM_ARGS,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        timeout: 30_000,
        protocolTimeout: Math.max(30_000, this.timeoutMs * 2),
      });
    } catch (err) {
      await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
      throw err;
    }
    this.launches++;
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
    this.handles.add(handle);
    browser.on('disconnected', () => {
      handle.dead = true;
      handle.idle.length = 0;
      if (this.current === handle) this.current = null;
      void this.closeHandle(handle); // a crash: reap the process group and the profile
    });
    if (this.closed) {
      await this.closeHandle(handle);
      throw new PdfRendererClosed();
    }
    // Use the tab Chromium opened at start as the first pool page.
    const [first] = await browser.pages();
    if (first) handle.idle.push(await this.preparePage(first));
    return handle;
  }

  /**
   * Opens a page in place of one a preemption closed, ready for the next account that asks: the account
   * that took the page back then finds one idle instead of waiting for a new tab (the pool keeps one page more
   * than it prints on at once, while accounts contend).
   */
  private replacePage(handle: BrowserHandle): void {
    if (handle.dead || handle.retiring || this.closed) return;
    this.newPage(handle.browser).then(
      (page) => (handle.dead || handle.retiring ? void page.close().catch(() => undefined) : handle.idle.push(page)),
      () => undefined,
    );
  }

  private async newPage(browser: Browser): Promise<Page> {
    return this.preparePage(await browser.newPage());
  }

  private async preparePage(page: Page): Promise<Page> {
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (req: HTTPRequest) => {
      if (req.isInterceptResolutionHandled()) return;
      const url = req.url();
      const allowed = url.startsWith('data:') || url === 'about:blank';
      (allowed ? req.continue() : req.abort('blockedbyclient')).catch(() => undefined);
    });
    return page;
  }

  private closeHandle(handle: BrowserHandle): Promise<void> {
    handle.closing ??= (async () => {
      handle.retiring = true;
      handle.idle.length = 0;
      if (this.current === handle) this.current = null;
      const proc = handle.process;
      const exited = proc ? processExited(proc) : Promise.resolve();
      if (handle.browser.connected) {
        await withTimeout(handle.browser.close(), 5_000).catch(() => undefined);
      }
      if (proc?.pid) {
        if (
          !(await withTimeout(exited, 2_000).then(
            () => true,
            () => false,
          ))
        )
          killGroup(proc.pid);
        await withTimeout(exited, 5_000).catch(() => undefined);
        // The zygote and renderers leave with the browser; give them a moment, then make sure.
        if (!(await groupGone(proc.pid, 2_000))) {
          killGroup(proc.pid);
          await groupGone(proc.pid, 2_000);
        }
      }
      await rm(handle.userDataDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
      process.off('exit', handle.onExit);
      this.handles.delete(handle);
    })();
    return handle.closing;
  }
}
