/** Errors of the Puppeteer PDF adapter (infrastructure failures, not domain errors). */
export class PdfRenderTimeout extends Error {
  constructor(ms: number) {
    super(`PDF render timed out after ${ms} ms`);
    this.name = 'PdfRenderTimeout';
  }
}
export class PdfRendererClosed extends Error {
  constructor() {
    super('The PDF renderer is closed');
    this.name = 'PdfRendererClosed';
  }
}
