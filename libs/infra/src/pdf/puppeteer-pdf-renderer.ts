import { ConnectionClosedError, type Page, type PDFOptions, ProtocolError } from 'puppeteer';
import type { DocumentView } from '@app/domain/documents/document-view';
import { PdfRenderer } from '@app/domain/documents/pdf-renderer.port';
import { withTimeout } from './chromium-process';
import { type BrowserHandle, closeBrowser, launchBrowser, newPage, preparePage } from './browser-launch';
import { stopPage } from './page-stop';
import type { PdfRendererStats, PuppeteerPdfRendererOptions } from './puppeteer-pdf-renderer.options';
import { PdfRendererBusy, PdfRendererClosed, PdfRendererCrashed } from './pdf-renderer.errors';
import { FairPagePool, type PageLease } from './fair-page-pool';
import { compileTemplates, pdfOptionsFor, templateHtml } from './templates';
import { signedQrPng, upiQrPng } from './upi-qr';
import { code128Png } from './barcode';

export { PdfRenderTimeout, PdfRendererBusy, PdfRendererClosed, PdfRendererCrashed } from './pdf-renderer.errors';
export { CHROMIUM_ARGS } from './chromium-process';
export type { PdfRendererStats, PuppeteerPdfRendererOptions } from './puppeteer-pdf-renderer.options';

/** A render stopped by the page pool to give its page to another account; `renderPage` queues it again. */
class RenderPreempted extends Error {}

/** Rejects with RenderPreempted when `stop` aborts (never resolves). */
function preempted(stop: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (stop.aborted) reject(new RenderPreempted());
    else stop.addEventListener('abort', () => reject(new RenderPreempted()), { once: true });
  });
}

/** A call that failed because its page or browser went away (puppeteer's TargetCloseError is not in its typings). */
function closedUnder(err: unknown): boolean {
  return err instanceof ConnectionClosedError || (err instanceof ProtocolError && /Target closed|Session closed/.test(err.message));
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
    this.pool = new FairPagePool(options.concurrency, options.perOwner, options.preemptGraceMs ?? 250);
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
    if (view.upi && !view.upi.qrPngBase64) view = { ...view, upi: { ...view.upi, qrPngBase64: await upiQrPng(view.upi.link) } };
    if (view.einvoice && !view.einvoice.qrPngBase64) {
      view = { ...view, einvoice: { ...view.einvoice, qrPngBase64: await signedQrPng(view.einvoice.signedQrCode) } };
    }
    if (view.ewayBill && !view.ewayBill.barcodePngBase64) {
      view = { ...view, ewayBill: { ...view.ewayBill, barcodePngBase64: await code128Png(view.ewayBill.ewbNo) } };
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
      // A preemption may come before the lease is stored here; the aborted signal then releases it below.
      const held: { lease?: PageLease } = {};
      const acquired = this.pool.acquire(holder, {
        waitMs: bound,
        onTimeout: () => new PdfRendererBusy(bound ?? 0),
        // The page is given back at once: the account that waits prints on an idle page (`replacePage`)
        // while the stopped one is torn down, instead of waiting for it to close.
        preempt: () => {
          stop.abort();
          held.lease?.release();
        },
        seq,
      });
      const lease = (held.lease = await acquired);
      if (stop.signal.aborted) lease.release();
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
   * aborts, RenderPreempted is thrown at once (unless the PDF was already made) and the page is crashed and
   * closed behind it (`stopPage`: Chromium has no way to stop a print but to end its page), a fresh page
   * taking its place in the idle list.
   */
  private async renderHtml(html: string, pdfOptions: PDFOptions, stop: AbortSignal): Promise<Uint8Array> {
    for (let attempt = 1; ; attempt++) {
      const handle = await this.browserForRender();
      handle.inFlight++;
      let page: Page | undefined;
      let reusable = false;
      try {
        page = handle.idle.pop();
        while (page?.isClosed()) page = handle.idle.pop(); // its renderer crashed while idle
        page ??= await newPage(handle.browser);
        if (stop.aborted) {
          reusable = true; // nothing printed on it yet
          throw new RenderPreempted();
        }
        const pdf = await Promise.race([withTimeout(this.print(page, html, pdfOptions), this.timeoutMs), preempted(stop)]);
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
        handle.inFlight--;
        if (page && reusable && !handle.dead && !handle.retiring) handle.idle.push(page);
        else if (page && !handle.dead) {
          if (stop.aborted) this.replacePage(handle); // first, so the account that took the page finds one
          void stopPage(page);
        }
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
    const handle = await launchBrowser(this.options.executablePath, this.timeoutMs);
    this.launches++;
    this.handles.add(handle);
    handle.browser.on('disconnected', () => {
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
    const [first] = await handle.browser.pages();
    if (first) handle.idle.push(await preparePage(first));
    return handle;
  }

  /**
   * Opens a page in place of one a preemption closed, ready for the next account that asks: the account
   * that took the page back then finds one idle instead of waiting for a new tab (the pool keeps one page more
   * than it prints on at once, while accounts contend).
   */
  private replacePage(handle: BrowserHandle): void {
    if (handle.dead || handle.retiring || this.closed) return;
    newPage(handle.browser).then(
      (page) => (handle.dead || handle.retiring ? void page.close().catch(() => undefined) : handle.idle.push(page)),
      () => undefined,
    );
  }

  private closeHandle(handle: BrowserHandle): Promise<void> {
    if (this.current === handle) this.current = null;
    return closeBrowser(handle).finally(() => this.handles.delete(handle));
  }
}
