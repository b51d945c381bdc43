import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { ApiMetrics } from '../metrics/api-metrics';
import { PdfRenderer } from '@app/domain/documents/pdf-renderer.port';
import { AppConfig } from '@app/infra/config/app-config';
import { PuppeteerPdfRenderer } from '@app/infra/pdf/puppeteer-pdf-renderer';
import { APP_CONFIG } from '../core/tokens';

@Injectable()
class RendererShutdown implements OnApplicationShutdown {
  constructor(@Inject(PdfRenderer) private readonly renderer: PuppeteerPdfRenderer) {}
  async onApplicationShutdown(): Promise<void> {
    await this.renderer.close();
  }
}

/** One Chromium per process (launched on first render), closed with the application. */
@Global()
@Module({
  providers: [
    {
      provide: PdfRenderer,
      useFactory: (config: AppConfig, metrics: ApiMetrics) =>
        new PuppeteerPdfRenderer({
          observeRender: (seconds, outcome) => metrics.observePdfRender(seconds, outcome),
          executablePath: config.chromiumPath,
          concurrency: config.pdfConcurrency,
          perOwner: config.limits.pdfPerAccount,
          queueWaitMs: config.limits.pdfQueueWaitMs,
          renderTimeoutMs: config.limits.pdfRenderTimeoutMs,
        }),
      inject: [APP_CONFIG, ApiMetrics],
    },
    RendererShutdown,
  ],
  exports: [PdfRenderer],
})
export class PdfRendererModule {}
