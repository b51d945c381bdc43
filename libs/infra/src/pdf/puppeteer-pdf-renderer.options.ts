/** How a `PuppeteerPdfRenderer` shares its pages, and what it tells about itself. */
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
  /**
   * With `perOwner`: how long a page an account under its share gave back is kept for its next render before
   * it is lent beyond another account's share (see `FairPagePool`), default 250 ms: about a small document's
   * print, so a run of small PDFs fetched one after the other does not stop the other account's long render
   * each time it starts again.
   */
  preemptGraceMs?: number;
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
