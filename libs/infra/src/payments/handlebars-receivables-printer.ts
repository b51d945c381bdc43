import Handlebars from 'handlebars';
import type { PDFOptions } from 'puppeteer';
import { ReceiptVoucherPrintView, ReceivablesPrinter, StatementPrintView } from '@app/domain/payments/receivables-print';
import { PuppeteerPdfRenderer } from '../pdf/puppeteer-pdf-renderer';
import { formatAmount } from '../pdf/templates/format';
import { RECEIPT_VOUCHER_TEMPLATE, STATEMENT_TEMPLATE } from './receivables-templates';

const A4: PDFOptions = { format: 'A4', printBackground: true, tagged: false, margin: { top: '12mm', right: '10mm', bottom: '12mm', left: '10mm' } };

/**
 * The statement of account and the receipt voucher laid out with Handlebars (every value escaped) and printed by
 * the shared Chromium renderer, through its page pool and per-account queue like the documents.
 */
export class HandlebarsReceivablesPrinter extends ReceivablesPrinter {
  private readonly statementPage: HandlebarsTemplateDelegate<StatementPrintView>;
  private readonly voucherPage: HandlebarsTemplateDelegate<ReceiptVoucherPrintView>;

  constructor(private readonly pdf: PuppeteerPdfRenderer) {
    super();
    const hb = Handlebars.create();
    // Amounts print grouped as the form's currency groups them (Indian grouping for INR); the currency is named once.
    hb.registerHelper('money', (value: unknown, options: Handlebars.HelperOptions) =>
      formatAmount(value, (options.data as { root: { currency: string } }).root.currency),
    );
    this.statementPage = hb.compile(STATEMENT_TEMPLATE, { strict: false });
    this.voucherPage = hb.compile(RECEIPT_VOUCHER_TEMPLATE, { strict: false });
  }

  statement(view: StatementPrintView, accountId: number): Promise<Uint8Array> {
    return this.pdf.renderPage(this.statementPage(view), A4, accountId);
  }

  receiptVoucher(view: ReceiptVoucherPrintView, accountId: number): Promise<Uint8Array> {
    return this.pdf.renderPage(this.voucherPage(view), A4, accountId);
  }
}
