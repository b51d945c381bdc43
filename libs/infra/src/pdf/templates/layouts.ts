import { BASE_CSS, CLASSIC_CSS, DOCUMENT_CSS, MODERN_CSS } from './styles';

/**
 * Page layouts (Handlebars): two invoice looks ('classic', 'modern') and the skeleton the other kinds
 * share (see ./kind-templates.ts for which kind prints with which). They compose the partials of
 * ./partials.ts; only `{{double}}` mustaches (escaped) are used.
 */
function page(css: string, bodyClass: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{{title}} {{doc.number}}</title>
<style>${BASE_CSS}${css}</style>
</head><body class="${bodyClass}">{{#if draft}}<div class="draft-watermark" aria-hidden="true">DRAFT</div>{{/if}}${body}
</body></html>`;
}

export const INVOICE_CLASSIC = page(
  CLASSIC_CSS,
  'classic',
  `
{{#if copy_label}}<div class="copy-label" style="text-align:right;font-size:8pt;font-weight:600">{{copy_label}}</div>{{/if}}
<div class="doc-title">{{title}}{{#if status_label}}<span class="status">{{status_label}}</span>{{/if}}</div>
<div class="frame">
  <div class="sec"><table class="grid"><tbody>
    <tr><td class="half">{{> supplier}}</td><td class="half">{{> details}}</td></tr>
    <tr><td colspan="2">{{> recipient}}</td></tr>
  </tbody></table></div>
  <div class="sec">{{> lines}}</div>
  <div class="sec keep"><table class="grid"><tbody>
    <tr><td class="half">{{> words}}<div class="caption" style="text-align:left">Amounts in {{currency_caption}}</div></td>
        <td class="half">{{> totals}}</td></tr>
  </tbody></table></div>
  {{#if show_hsn}}<div class="sec pad">{{> hsnSummary}}</div>{{/if}}
  <div class="sec keep"><table class="grid"><tbody>
    <tr><td>{{> remarks}}</td><td style="width:68mm">{{> signature}}</td></tr>
  </tbody></table></div>
</div>`,
);

export const INVOICE_MODERN = page(
  MODERN_CSS,
  'modern',
  `
<div class="band">
  <div>{{> supplier}}</div>
  <div class="right">
    {{#if copy_label}}<div class="copy-label" style="font-size:8pt;font-weight:600">{{copy_label}}</div>{{/if}}
    <div class="doc-title">{{title}}</div>
    <div class="doc-number">{{doc.number}}</div>
    {{#if status_label}}<div class="status">{{status_label}}</div>{{/if}}
  </div>
</div>
<div class="cards">
  <div class="card wide">{{> recipient}}</div>
  <div class="card"><div class="section-label">{{details_label}}</div>{{> details}}</div>
</div>
{{> caption}}
{{> lines}}
<div class="split keep">
  <div class="grow"><div class="words-box">{{> words}}</div></div>
  <div class="totals-box">{{> totals}}</div>
</div>
{{#if show_hsn}}{{> hsnSummary}}{{/if}}
<div class="footer-row keep">
  <div class="grow">{{> remarks}}</div>
  <div style="width:68mm">{{> signature}}</div>
</div>`,
);

/** Quotations, proforma invoices (offers) and debit/credit notes share this skeleton. */
export function documentLayout(kindClass: string, withHsnSummary: boolean): string {
  return page(
    DOCUMENT_CSS,
    `document ${kindClass}`,
    `
<div class="head">
  <div>{{> supplier}}</div>
  <div>
    <div class="doc-title">{{title}}</div>
    <div class="doc-sub">{{doc.number}} &middot; {{doc.date}}</div>
  </div>
</div>
<div class="grid2">
  <div>{{> recipient}}</div>
  <div><div class="section-label">{{details_label}}</div>{{> details}}</div>
</div>
{{#if banner}}<div class="banner">{{banner}}</div>{{/if}}
{{> caption}}
{{> lines}}
<div class="split keep">
  <div class="grow">{{> words}}</div>
  <div class="totals-box">{{> totals}}</div>
</div>
${withHsnSummary ? '{{#if show_hsn}}{{> hsnSummary}}{{/if}}' : ''}
<div class="footer-row keep">
  <div class="grow">{{> remarks}}</div>
  <div style="width:68mm">{{> signature}}</div>
</div>`,
  );
}
