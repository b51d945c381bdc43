import { buildDocumentView } from '../../../../test/support/document-view.fixture';
import { formatAmount, templateHtml } from './templates';

/** The text of the HTML, tags dropped and white space folded, as a reader of the page sees it. */
function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('templateHtml: every field of the view reaches the page', () => {
  const view = buildDocumentView(
    { intraState: false, lineCount: 3 },
    {
      lrNumber: 'LR-7781',
      lutNumber: 'AD2904250012345',
      transportDetails: 'By road, KA-01-AB-1234',
      declarationText: 'We declare that this invoice shows the actual price.',
      dueDate: '30-06-2025',
      exportParticulars: { deliveryAddress: 'Port of Nhava Sheva, Maharashtra', destinationCountry: 'United States (US)' },
      shipTo: { name: 'Kaveri Depot', gstin: '29AAHCK9052R1ZP', address: 'Hosur Road, Bengaluru' },
      einvoice: { irn: 'a'.repeat(64), ackNo: '112510001234567', ackDate: '01-06-2025 10:00', signedQrCode: 'x' },
      ewayBill: { ewbNo: '331001234567', ewbDate: '01-06-2025', validUntil: '02-06-2025 23:59' },
    },
  );
  const text = textOf(templateHtml(view));

  it('prints the header fields by their labels', () => {
    expect(text).toContain('LR No. LR-7781');
    expect(text).toContain('LUT No. AD2904250012345');
    expect(text).toContain('Transport By road, KA-01-AB-1234');
    expect(text).toContain('Due Date 30-06-2025');
    expect(text).toContain('We declare that this invoice shows the actual price.');
    expect(text).toContain(view.amountInWords);
    expect(text).toContain(`${view.placeOfSupply!.name} (${view.placeOfSupply!.code})`);
  });

  it('prints the export particulars, the ship-to party, the e-invoice and the e-way bill', () => {
    expect(text).toContain('Port of Nhava Sheva, Maharashtra');
    expect(text).toContain('United States (US)');
    expect(text).toContain('Kaveri Depot');
    expect(text).toContain('112510001234567');
    expect(text).toContain('331001234567');
    expect(text).toContain('02-06-2025 23:59');
  });

  it('prints each line and each HSN row with its code, and the HSN total tax', () => {
    for (const line of view.lines) expect(text).toContain(line.hsnCode!);
    const codes = text.match(/\b(9405|8544|8536)\b/g) ?? [];
    expect(codes.length).toBeGreaterThanOrEqual(2 * view.lines.length); // in the lines and in the HSN summary
    for (const row of view.hsnSummary.rows) expect(text).toContain(formatAmount(row.totalTax, 'INR'));
    expect(text).toContain(formatAmount(view.hsnSummary.total.totalTax, 'INR'));
  });
});
