import { TemporarilyUnavailable } from '@app/domain/shared/domain-error';

/** Errors of the Puppeteer PDF adapter. A slow or busy renderer is a passing shortage: 503 with Retry-After. */
export class PdfRenderTimeout extends TemporarilyUnavailable {
  constructor(ms: number) {
    super(`PDF render timed out after ${ms} ms; try again shortly.`, 5);
    this.name = 'PdfRenderTimeout';
  }
}
export class PdfRendererBusy extends TemporarilyUnavailable {
  constructor(ms: number) {
    super(`No PDF renderer became free within ${ms} ms; try again shortly.`, 5);
    this.name = 'PdfRendererBusy';
  }
}
export class PdfRendererClosed extends Error {
  constructor() {
    super('The PDF renderer is closed');
    this.name = 'PdfRendererClosed';
  }
}
/** Chromium died under a render and under its retry on a fresh browser: a passing failure, the next render relaunches it. */
export class PdfRendererCrashed extends TemporarilyUnavailable {
  constructor() {
    super('The PDF renderer stopped during the render; try again shortly.', 5);
    this.name = 'PdfRendererCrashed';
  }
}
