import { StreamableFile } from '@nestjs/common';
import type { RenderedPdf } from '@app/domain/document-output/document-output.service';
import type { EdgeReply } from '../edge/http-edge';

/** A PDF as the raw body (not the envelope), named, never cached by a shared cache. */
export function sendPdf(res: EdgeReply, pdf: Pick<RenderedPdf, 'filename' | 'bytes'>, disposition: 'inline' | 'attachment'): StreamableFile {
  res.header('Content-Type', 'application/pdf');
  res.header('Content-Disposition', `${disposition}; filename="${pdf.filename}"`);
  res.header('Cache-Control', 'private, no-store');
  return new StreamableFile(Buffer.from(pdf.bytes));
}
