import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zeroRatedEndorsement } from '@app/domain/document-output/endorsements';
import type { DocumentView } from '@app/domain/documents/document-view';
import type { DocumentKind } from '@app/domain/documents/document-kinds';
import { TemporarilyUnavailable } from '@app/domain/shared/domain-error';
import { PdfRenderTimeout, PdfRendererBusy, PuppeteerPdfRenderer } from '@app/infra/pdf/puppeteer-pdf-renderer';
import { templateHtml } from '@app/infra/pdf/templates';
import { processTree } from './support/processes';
import { RECIPIENT_GSTIN_INTER, RECIPIENT_GSTIN_INTRA, SUPPLIER_GSTIN, buildDocumentView } from './support/document-view.fixture';

// The library entry runs a self-test in debug mode when loaded as main; the inner file does not.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (data: Buffer) => Promise<{ text: string; numpages: number }> = require('pdf-parse/lib/pdf-parse.js');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KINDS: DocumentKind[] = ['invoice', 'quotation', 'proforma-invoice', 'debit-note', 'credit-note'];

/** Text of the PDF with runs of whitespace (line breaks from wrapping) folded to one space. */
async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await pdfParse(Buffer.from(pdf));
  return text.replace(/\s+/g, ' ');
}

function isPdf(pdf: Uint8Array): boolean {
  return Buffer.from(pdf.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** Waits until only the current browser is alive and its process count has been stable for a while. */
async function settledCount(renderer: PuppeteerPdfRenderer): Promise<number> {
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { pid, browsers } = renderer.stats();
    const count = browsers === 1 && pid ? processTree(pid).length : -1;
    if (count !== last) {
      last = count;
      stableSince = Date.now();
    } else if (count > 0 && Date.now() - stableSince >= 1_000) {
      return count;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`process count did not settle (last ${last})`);
}

function gone(pids: number[]): number[] {
  return pids.filter((pid) => existsSync(`/proc/${pid}`));
}

describe('PuppeteerPdfRenderer (real Chromium)', () => {
  let renderer: PuppeteerPdfRenderer;

  beforeAll(async () => {
    renderer = new PuppeteerPdfRenderer({ executablePath: CHROMIUM, concurrency: 2 });
    await renderer.start();
  });
  afterAll(() => renderer.close());

  it.each(KINDS)('renders a %s with the facts a reader and the tax authority need', async (kind) => {
    const view = buildDocumentView({ kind });
    const pdf = await renderer.render(view);
    expect(isPdf(pdf)).toBe(true);
    const text = await pdfText(pdf);
    expect(text).toContain(view.number);
    expect(text).toContain(view.recipient.name);
    expect(text).toContain(view.supplier.name);
    expect(text).toContain(SUPPLIER_GSTIN);
    expect(text).toContain(RECIPIENT_GSTIN_INTER);
    for (const line of view.lines) expect(text).toContain(line.hsnCode);
    expect(text).toContain(view.amountInWords);
    expect(text.toLowerCase()).toContain(view.title.toLowerCase());
    expect(text).toContain('Maharashtra (27)'); // place of supply with state code
    expect(text).toContain('₹'); // the rupee sign is a real glyph with a Unicode mapping
    expect(text).toContain('Authorised Signatory');
  });

  it('a tax invoice carries the HSN-wise summary, declaration, transport and LR number and the signature image', async () => {
    const view = buildDocumentView();
    const pdf = await renderer.render(view);
    const text = await pdfText(pdf);
    expect(text).toContain('HSN/SAC-wise Tax Summary'.toUpperCase());
    expect(text).toContain(view.declarationText);
    expect(text).toContain(view.transportDetails);
    expect(text).toContain(view.lrNumber);
    expect(text).toMatch(/Reverse Charge\s*No/);
    expect(Buffer.from(pdf).includes('/Subtype /Image')).toBe(true);

    const unsigned = await renderer.render(buildDocumentView({ signature: false }));
    expect(Buffer.from(unsigned).includes('/Subtype /Image')).toBe(false);
  });

  it('shows CGST and SGST intra-state, IGST inter-state', async () => {
    const intra = await pdfText(await renderer.render(buildDocumentView({ intraState: true })));
    expect(intra).toContain('CGST');
    expect(intra).toContain('SGST');
    expect(intra).not.toContain('IGST');
    expect(intra).toContain(RECIPIENT_GSTIN_INTRA);
    expect(intra).toContain('Karnataka (29)');

    const inter = await pdfText(await renderer.render(buildDocumentView({ intraState: false })));
    expect(inter).toContain('IGST');
    expect(inter).not.toContain('CGST');
    expect(inter).not.toContain('SGST');
  });

  it('a bill of supply says so and shows no tax columns; an export under LUT shows the LUT number', async () => {
    const bos = await pdfText(await renderer.render(buildDocumentView({ showTax: false, intraState: true })));
    expect(bos.toLowerCase()).toContain('bill of supply');
    expect(bos).not.toMatch(/CGST|SGST|IGST|GST %/);

    const endorsement = zeroRatedEndorsement('export_without_payment', 'AD290325001234X') as string;
    const lut = buildDocumentView({ showTax: false }, { lutNumber: 'AD290325001234X', endorsements: [endorsement] });
    const exportText = await pdfText(await renderer.render(lut));
    expect(exportText).toContain('AD290325001234X');
    expect(exportText).toContain('without payment of integrated tax');
    expect(exportText).toContain(endorsement.slice(0, 60));
  });

  it('classic and modern invoices look different', async () => {
    const view = buildDocumentView();
    const classic = await renderer.render(view, 'classic');
    const modern = await renderer.render(view, 'modern');
    expect(isPdf(classic) && isPdf(modern)).toBe(true);
    expect(Buffer.compare(Buffer.from(classic), Buffer.from(modern))).not.toBe(0);
    expect(templateHtml(view, 'classic')).not.toEqual(templateHtml(view, 'modern'));
    expect(templateHtml(view, 'no-such-look')).toEqual(templateHtml(view, 'classic'));
    expect(await pdfText(modern)).toContain(view.amountInWords);
  });

  it('prints client-supplied HTML as text', async () => {
    const evil = '<b>Evil</b><script>x</script>';
    const view = buildDocumentView({ recipientName: evil }, { notes: '<img src="http://127.0.0.1:9/x.png">' });
    const html = templateHtml(view, 'modern');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src="http');
    const text = await pdfText(await renderer.render(view, 'modern'));
    expect(text).toContain(evil);
    expect(text).toContain('<img src="http://127.0.0.1:9/x.png">');
  });

  it('blocks every network request from the page and runs no script', async () => {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('x');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const html = `<html><head><link rel="stylesheet" href="${base}/css">
      <style>@import url(${base}/import); body { background: url(${base}/bg) }</style></head>
      <body><img src="${base}/img"><iframe src="${base}/frame"></iframe>
      <script>fetch('${base}/js'); document.write('SCRIPT RAN')</script>hello</body></html>`;
    try {
      // Templates escape user text, so no view can carry such markup: drive the page directly.
      const pdf = await renderer.renderPage(html, { format: 'A4' });
      await new Promise((r) => setTimeout(r, 500));
      expect(hits).toEqual([]);
      const text = await pdfText(pdf);
      expect(text).toContain('hello');
      expect(text).not.toContain('SCRIPT RAN');
    } finally {
      server.close();
    }
  });

  it('renders Devanagari names', async () => {
    const view = buildDocumentView({ recipientName: 'श्री गणेश ट्रेडर्स' });
    const pdf = await renderer.render(view);
    expect(isPdf(pdf)).toBe(true);
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/NotoSansDevanagari/); // fonts-noto-core
  });
});

describe('PuppeteerPdfRenderer pool and process lifecycle', () => {
  jest.setTimeout(180_000);

  it('runs 20 renders at once with concurrency 2', async () => {
    const renderer = new PuppeteerPdfRenderer({ executablePath: CHROMIUM, concurrency: 2 });
    try {
      const views: DocumentView[] = Array.from({ length: 20 }, (_, i) => buildDocumentView({ sequence: i + 1 }));
      const pdfs = await Promise.all(views.map((v) => renderer.render(v)));
      expect(pdfs.every(isPdf)).toBe(true);
      expect(await pdfText(pdfs[13])).toContain('INV/2025-26/0014');
      expect(renderer.stats()).toMatchObject({ renders: 20, inFlight: 0, queued: 0, relaunches: 0 });
    } finally {
      await renderer.close();
    }
  });

  it('keeps the Chromium process count flat across recycling and leaves nothing behind on close', async () => {
    const renderer = new PuppeteerPdfRenderer({ executablePath: CHROMIUM, concurrency: 2, recycleAfter: 30 });
    const view = buildDocumentView();
    const renderPairs = async (n: number) => {
      for (let i = 0; i < n; i += 2) await Promise.all([renderer.render(view), renderer.render(view)]);
    };
    const seen = new Set<number>();
    const remember = () => {
      const pid = renderer.stats().pid;
      if (pid) for (const p of processTree(pid)) seen.add(p.pid);
    };
    try {
      await renderPairs(10);
      const afterFew = await settledCount(renderer);
      remember();
      for (let round = 0; round < 10; round++) {
        await renderPairs(10);
        remember();
      }
      const afterMany = await settledCount(renderer);
      remember();
      const stats = renderer.stats();
      expect(stats.renders).toBe(110);
      expect(stats.relaunches).toBeGreaterThanOrEqual(3);
      expect(afterMany).toBe(afterFew);
      expect(processTree(stats.pid!).some((p) => p.state === 'Z')).toBe(false);
    } finally {
      await renderer.close();
      await renderer.close(); // idempotent
    }
    expect(gone([...seen])).toEqual([]);
    await expect(renderer.render(view)).rejects.toThrow(/closed/);
  });

  it('relaunches a browser that crashed and reaps it', async () => {
    const renderer = new PuppeteerPdfRenderer({ executablePath: CHROMIUM, concurrency: 1 });
    try {
      await renderer.render(buildDocumentView({ lineCount: 2 }));
      const crashed = renderer.stats().pid!;
      const tree = processTree(crashed).map((p) => p.pid);
      process.kill(crashed, 'SIGKILL');
      const pdf = await renderer.render(buildDocumentView({ lineCount: 2 }));
      expect(isPdf(pdf)).toBe(true);
      expect(renderer.stats().relaunches).toBe(1);
      expect(renderer.stats().pid).not.toBe(crashed);
      const deadline = Date.now() + 10_000;
      while (gone(tree).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(gone(tree)).toEqual([]);
    } finally {
      await renderer.close();
    }
  });

  it('fails a render that exceeds the timeout and keeps working', async () => {
    const renderer = new PuppeteerPdfRenderer({ executablePath: CHROMIUM, concurrency: 1, renderTimeoutMs: 1 });
    try {
      await renderer.start();
      await expect(renderer.render(buildDocumentView())).rejects.toBeInstanceOf(PdfRenderTimeout);
      await expect(renderer.render(buildDocumentView())).rejects.toBeInstanceOf(TemporarilyUnavailable);
      expect(renderer.stats()).toMatchObject({ inFlight: 0, queued: 0 });
    } finally {
      await renderer.close();
    }
  });

  it('an owner alone renders on every page; another owner that asks takes back the page lent beyond the share', async () => {
    const renderer = new PuppeteerPdfRenderer({ executablePath: CHROMIUM, concurrency: 2, perOwner: 1, renderTimeoutMs: 120_000 });
    try {
      await renderer.start();
      const big = buildDocumentView({ lineCount: 200 });
      const finished: string[] = [];
      const track = (name: string, p: Promise<Uint8Array>) => p.then((pdf) => (finished.push(name), pdf));
      const a1 = track('a1', renderer.render(big, undefined, 1));
      const a2 = track('a2', renderer.render(big, undefined, 1));
      // Owner 1 alone holds both pages (the cap does not leave a page idle).
      await new Promise((r) => setImmediate(r));
      expect(renderer.stats()).toMatchObject({ inFlight: 2, queued: 0, preempted: 0 });
      const a3 = track('a3', renderer.render(big, undefined, 1));
      const b = track('b', renderer.render(buildDocumentView({ lineCount: 2 }), undefined, 2));
      // Owner 1's second page is given back at once (its print is ended behind): owner 2 prints, a3 waits
      // (and a2 with it once its print has stopped).
      expect(renderer.stats()).toMatchObject({ queued: 1, preempted: 1 });
      const pdfs = await Promise.all([a1, a2, a3, b]);
      expect(pdfs.every(isPdf)).toBe(true);
      // Owner 2 asked last but got owner 1's second page at once: it ends before the stopped a2 (printed again
      // after it) and a3. a1 kept its page and may end before or after b (a fresh tab is opened for b). a2 and a3
      // may end in either order: once b and a1 have ended, owner 1 is alone again and prints both at once.
      expect(finished.indexOf('b')).toBeLessThan(finished.indexOf('a2'));
      expect(finished.indexOf('b')).toBeLessThan(finished.indexOf('a3'));
      expect(renderer.stats()).toMatchObject({ inFlight: 0, queued: 0, preempted: 1 });
    } finally {
      await renderer.close();
    }
  });

  it('a render that gets no page within the wait bound fails as temporarily unavailable', async () => {
    const renderer = new PuppeteerPdfRenderer({ executablePath: CHROMIUM, concurrency: 1, queueWaitMs: 100, renderTimeoutMs: 120_000 });
    try {
      await renderer.start();
      const first = renderer.render(buildDocumentView({ lineCount: 300 }));
      const second = renderer.render(buildDocumentView({ lineCount: 2 }));
      await expect(second).rejects.toBeInstanceOf(PdfRendererBusy);
      await expect(second).rejects.toBeInstanceOf(TemporarilyUnavailable);
      expect(isPdf(await first)).toBe(true);
      expect(isPdf(await renderer.render(buildDocumentView({ lineCount: 2 })))).toBe(true);
      expect(renderer.stats()).toMatchObject({ inFlight: 0, queued: 0 });
    } finally {
      await renderer.close();
    }
  });
});
