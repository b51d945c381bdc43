import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The text of a PDF as poppler's pdftotext reads it: `layout` keeps the printed rows (one per line, for the tables),
 * `flat` is the text in reading order with whitespace collapsed (a paragraph beside another column stays whole), `raw`
 * the strings in content-stream order, one run a line, diagonal text included (the other two readings drop it, such
 * as a DRAFT watermark). Set PDF_MATRIX_DIR to keep the PDFs under `name` (to look at them, e.g. as PNG with pdftoppm).
 */
export interface PdfText {
  layout: string;
  flat: string;
  raw: string;
}

export function readPdf(pdf: Buffer, name: string): PdfText {
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error(`${name}: not a PDF`);
  const keep = process.env.PDF_MATRIX_DIR;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    writeFileSync(join(keep, `${name}.pdf`), pdf);
  }
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    const layout = execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
    const plain = execFileSync('pdftotext', [join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
    const raw = execFileSync('pdftotext', ['-raw', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
    return { layout, flat: plain.replace(/\s+/g, ' '), raw };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Both readings in one string: a phrase is printed when either has it whole (and absent when neither has it). */
export const both = (pdf: PdfText) => `${pdf.layout.replace(/\s+/g, ' ')} | ${pdf.flat}`;
