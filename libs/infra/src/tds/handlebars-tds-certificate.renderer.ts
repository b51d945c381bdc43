import Handlebars from 'handlebars';
import { TdsCertificateRenderer, TdsCertificateView } from '@app/domain/tds/tds-certificate';
import { PuppeteerPdfRenderer } from '../pdf/puppeteer-pdf-renderer';
import { formatAmount } from '../pdf/templates/format';
import { BASE_CSS, FONT_STACK } from '../pdf/templates/styles';

const TEMPLATE = `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}
body { font-family: ${FONT_STACK}; font-size: 10px; }
h1 { font-size: 16px; margin: 0 0 2px; } h2 { font-size: 11px; margin: 10px 0 4px; }
table { width: 100%; border-collapse: collapse; } th, td { border: 1px solid #9ca3af; padding: 3px 4px; text-align: left; }
td.n, th.n { text-align: right; } .muted { color: #4b5563; }
</style></head><body>
<h1>{{form.name}}</h1>
<div class="muted">{{form.ruleReference}} ({{form.act}})</div>
<div>Certificate No. {{certificateNumber}} &middot; Issued on {{issuedOn}}</div>
<h2>Deductor</h2>
<table><tr><th>Name</th><td>{{deductor.name}}</td><th>TAN of the deductor</th><td>{{deductor.tan}}</td></tr>
<tr><th>Address</th><td>{{deductor.address}}</td><th>PAN of the deductor</th><td>{{deductor.pan}}</td></tr>
<tr><th></th><td></td><th>GSTIN</th><td>{{deductor.gstin}}</td></tr></table>
<h2>Deductee</h2>
<table><tr><th>Name</th><td>{{deductee.name}}</td><th>PAN of the deductee</th><td>{{deductee.pan}}</td></tr></table>
<h2>Period</h2>
<table><tr><th>{{year.label}}</th><td>{{year.value}}</td><th>Quarter</th><td>{{quarter}}</td><th>From</th><td>{{period.from}}</td><th>To</th><td>{{period.to}}</td></tr>
<tr><th>Receipt No. of the quarterly statement</th><td colspan="7">{{#if statementReceipt}}{{statementReceipt}}{{else}}not given{{/if}}</td></tr></table>
<h2>Amounts paid or credited and tax deducted and deposited</h2>
<table><thead><tr><th>Date</th><th>Section</th><th>Payment code</th><th class="n">Amount paid</th><th class="n">Rate</th><th class="n">Tax deducted</th>
<th>Challan No.</th><th>BSR code</th><th>Deposited on</th></tr></thead><tbody>
{{#each rows}}<tr><td>{{date}}</td><td>{{section}}</td><td>{{paymentCode}}</td><td class="n">{{inr amountPaid}}</td><td class="n">{{rate}}</td>
<td class="n">{{inr tdsAmount}}</td><td>{{challanNumber}}</td><td>{{bsrCode}}</td><td>{{depositedOn}}</td></tr>{{/each}}
<tr><th colspan="3">Total</th><th class="n">{{inr totals.amountPaid}}</th><th></th><th class="n">{{inr totals.tdsAmount}}</th><th colspan="3"></th></tr>
</tbody></table>
<p>Total tax deducted and deposited: Rs. {{inr totals.tdsAmount}} ({{tdsInWords}}).</p>
<h2>Verification</h2>
<p>{{verification}}</p>
<table><tr><th>Place</th><td></td><th>Date</th><td>{{issuedOn}}</td><th>Signature</th><td style="height: 28px; width: 30%"></td></tr></table>
<p class="muted">{{tracesNotice}}</p>
</body></html>`;

/** The deductor's quarterly TDS statement laid out with Handlebars (escaped) and printed by the shared Chromium renderer. */
export class HandlebarsTdsCertificateRenderer extends TdsCertificateRenderer {
  private readonly template: HandlebarsTemplateDelegate;

  constructor(private readonly pdf: PuppeteerPdfRenderer) {
    super();
    const hb = Handlebars.create();
    hb.registerHelper('inr', (value: unknown) => formatAmount(value, 'INR'));
    this.template = hb.compile(TEMPLATE, { strict: false });
  }

  render(view: TdsCertificateView): Promise<Uint8Array> {
    return this.pdf.renderPage(this.template(view), {
      format: 'A4',
      printBackground: true,
      tagged: false,
      margin: { top: '12mm', right: '10mm', bottom: '12mm', left: '10mm' },
    });
  }
}
