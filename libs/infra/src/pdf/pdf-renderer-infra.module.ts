import { DynamicModule, Module } from '@nestjs/common';
import { PdfRenderer } from '@app/domain/documents/pdf-renderer.port';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { PuppeteerPdfRenderer } from './puppeteer-pdf-renderer';
import { factory } from '../core/providers';

/**
 * How a process shares its page pool: `per-account` (the API) caps one account's renders and bounds the
 * wait for a page; `unbounded` (the worker) has neither, since sendouts already run a few at a time.
 * Both keep PDF_RENDER_TIMEOUT_MS.
 */
export type RendererSharing = 'per-account' | 'unbounded';

/** Optional provider: told each render's Chromium time and outcome (the API's metrics bind it). */
export const PDF_RENDER_OBSERVER = Symbol('PDF_RENDER_OBSERVER');
export type PdfRenderObserver = (seconds: number, outcome: 'ok' | 'failed') => void;

/** One Chromium per process (launched on first render), closed with the application. */
@Module({})
export class PdfRendererInfraModule {
  static forRoot(sharing: RendererSharing): DynamicModule {
    return {
      module: PdfRendererInfraModule,
      global: true,
      providers: [
        factory(
          PuppeteerPdfRenderer,
          [APP_CONFIG, { token: PDF_RENDER_OBSERVER, optional: true }],
          (config: AppConfig, observeRender?: PdfRenderObserver) =>
            new PuppeteerPdfRenderer({
              observeRender,
              executablePath: config.chromiumPath,
              concurrency: config.pdfConcurrency,
              renderTimeoutMs: config.limits.pdfRenderTimeoutMs,
              ...(sharing === 'per-account' ? { perOwner: config.limits.pdfPerAccount, queueWaitMs: config.limits.pdfQueueWaitMs } : {}),
            }),
        ),
        { provide: PdfRenderer, useExisting: PuppeteerPdfRenderer },
      ],
      // The port for the document use cases; the class itself for the infra printers that render their own HTML pages.
      exports: [PdfRenderer, PuppeteerPdfRenderer],
    };
  }
}
