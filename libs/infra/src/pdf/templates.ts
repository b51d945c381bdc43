import Handlebars from 'handlebars';
import type { PDFOptions } from 'puppeteer';
import type { DocumentView } from '@app/domain/documents/document-view';
import { DocumentKind, documentKind, perKind } from '@app/domain/documents/document-kinds';
import { INVOICE_TEMPLATES, type InvoiceTemplate } from '@app/domain/documents/pdf-renderer.port';
import { KIND_TEMPLATES } from './templates/kind-templates';
import { PARTIALS } from './templates/partials';
import { formatAmount, imageDataUri, isNonZero, percent, sumAmounts } from './templates/format';
import { FONT_STACK } from './templates/styles';

export { formatAmount } from './templates/format';

/**
 * HTML for one document: picks the layout (the invoice look for invoices, the kind's own layout for
 * the other kinds), turns the DocumentView into a presentation context (labels, rows, display rates)
 * and runs the compiled Handlebars template. The context is this adapter's own (snake_case names, as the
 * templates read them); the DocumentView's fields are mapped into it here. No tax is computed here; amounts are shown as given
 * (digit grouping added to plain decimals). Exported so benchmarks can render the same HTML.
 */
export function templateHtml(view: DocumentView, template?: string): string {
  const looks = compiled()[view.kind];
  return (looks[lookOf(template)] ?? looks.classic)(buildContext(view));
}

/** The page.pdf() options for a document (A4, backgrounds, page-number footer). */
export function pdfOptionsFor(view: DocumentView): PDFOptions {
  const label = Handlebars.escapeExpression(`${view.title || documentKind(view.kind).labels.title} ${view.number}`);
  return {
    format: 'A4',
    printBackground: true,
    // Untagged: a tagged (accessibility) PDF is twice the size and ~25% slower to produce.
    tagged: false,
    outline: false,
    margin: { top: '10mm', right: '10mm', bottom: '14mm', left: '10mm' },
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate:
      `<div style="font-family:${FONT_STACK.replace(/'/g, '')};font-size:8px;color:#6b7280;width:100%;` +
      `padding:0 10mm;display:flex;justify-content:space-between;">` +
      `<span>${label}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`,
  };
}

/** Compiles every layout now (the renderer calls this at start so a template error fails early). */
export function compileTemplates(): void {
  compiled();
}

function lookOf(template?: string): InvoiceTemplate {
  return (INVOICE_TEMPLATES as readonly string[]).includes(template ?? '') ? (template as InvoiceTemplate) : 'classic';
}

type Render = (context: Record<string, unknown>) => string;
type Looks = { classic: Render } & Partial<Record<InvoiceTemplate, Render>>;
let templates: Record<DocumentKind, Looks> | null = null;

function compiled(): Record<DocumentKind, Looks> {
  if (templates) return templates;
  const hb = Handlebars.create();
  for (const [name, source] of Object.entries(PARTIALS)) hb.registerPartial(name, source);
  hb.registerHelper('money', function (this: unknown, value: unknown, options: Handlebars.HelperOptions) {
    const currency = (options.data as { root?: { doc?: DocumentView } } | undefined)?.root?.doc?.currency ?? 'INR';
    return formatAmount(value, currency);
  });
  const compile = (source: string): Render => {
    const fn = hb.compile(source, { strict: false, noEscape: false });
    fn({}); // force compilation now, not on the first document
    return fn;
  };
  templates = perKind(({ path }) => {
    const looks = KIND_TEMPLATES[path].looks;
    return Object.fromEntries(Object.entries(looks).map(([look, source]) => [look, compile(source)])) as Looks;
  });
  return templates;
}

const SYMBOLS: Record<string, string> = { INR: '₹', USD: '$', EUR: '€', GBP: '£', JPY: '¥' };
const STATUS: Record<string, string> = {
  paid: 'Paid',
  unpaid: 'Unpaid',
  partially_paid: 'Partially Paid',
  partial: 'Partially Paid',
  overdue: 'Overdue',
  draft: 'Draft',
  cancelled: 'Cancelled',
};

interface Row {
  label: string;
  value: string;
  grand?: boolean;
}

function buildContext(view: DocumentView): Record<string, unknown> {
  const spec = documentKind(view.kind);
  const { labels } = spec;
  const isNote = !spec.gstLines;
  const cur = view.currency || 'INR';
  const symbol = SYMBOLS[cur] ?? cur;
  const money = (v: string | null | undefined) => {
    const text = formatAmount(v, cur);
    return text.startsWith('-') ? `(-) ${symbol} ${text.slice(1)}` : `${symbol} ${text}`;
  };
  const showTax = view.showTax;
  const has = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

  const meta: Row[] = [
    { label: labels.number, value: view.number },
    { label: 'Date', value: view.date },
  ];
  if (has(view.dueDate)) meta.push({ label: 'Due Date', value: view.dueDate });
  if (has(view.validityDate)) meta.push({ label: 'Valid Until', value: view.validityDate });
  // A note names the invoice it refers to by its number and date (CGST rule 53(1A)(g)).
  if (has(view.reference)) meta.push({ label: isNote ? 'Original Invoice No.' : 'Reference', value: view.reference });
  if (isNote && has(view.referenceDate)) meta.push({ label: 'Original Invoice Date', value: view.referenceDate });

  const supply: Row[] = [];
  if (view.placeOfSupply) {
    supply.push({ label: 'Place of Supply', value: `${view.placeOfSupply.name} (${view.placeOfSupply.code})` });
  }
  if (spec.taxDocument && showTax) supply.push({ label: 'Reverse Charge', value: view.reverseCharge ? 'Yes' : 'No' });
  if (has(view.transportDetails)) supply.push({ label: 'Transport', value: view.transportDetails });
  if (has(view.lrNumber)) supply.push({ label: 'LR No.', value: view.lrNumber });
  if (has(view.lutNumber)) supply.push({ label: 'LUT No.', value: view.lutNumber });

  const t = view.totals;
  const intraCols = showTax && (view.taxColumns ? view.taxColumns.cgstSgst : view.intraState);
  const interCols = showTax && (view.taxColumns ? view.taxColumns.igst : !view.intraState);
  const negative = (v: string) => money(v.startsWith('-') ? v.slice(1) : `-${v}`);
  // The rows add up to the grand total: taxable value, each tax as printed in the lines, then what is taken
  // off or added (reverse-charge tax, line totals sent that differ, the header discount, the round-off).
  const totals: Row[] = [];
  totals.push({ label: showTax ? 'Taxable Value' : 'Sub Total', value: money(t.taxable) });
  if (intraCols) totals.push({ label: 'CGST', value: money(t.cgst) }, { label: 'SGST', value: money(t.sgst) });
  if (interCols) totals.push({ label: 'IGST', value: money(t.igst) });
  // Compensation cess, a figure of its own (part of the line totals, as the tax is).
  const cessCols = isNonZero(t.cess);
  if (cessCols) totals.push({ label: 'Cess', value: money(t.cess) });
  if (isNonZero(t.reverseChargeTax)) totals.push({ label: 'Less: Tax payable on reverse charge', value: negative(t.reverseChargeTax as string) });
  if (isNonZero(t.adjustment)) totals.push({ label: 'Line totals as sent, difference', value: money(t.adjustment) });
  if (isNonZero(t.discount)) totals.push({ label: 'Less: Discount', value: negative(t.discount) });
  if (isNonZero(t.roundOff)) totals.push({ label: 'Round Off', value: money(t.roundOff) });
  totals.push({ label: 'Grand Total', value: money(t.total), grand: true });
  if (isNonZero(t.tds)) totals.push({ label: 'Less: TDS', value: money(t.tds) });
  if (has(t.receivable) && isNonZero(t.tds)) totals.push({ label: 'Net Receivable', value: money(t.receivable) });
  if (has(t.paid)) totals.push({ label: 'Amount Paid', value: money(t.paid) });
  if (has(t.balance)) totals.push({ label: 'Balance Due', value: money(t.balance) });

  // The endorsements of the supply type (export or SEZ, with or without payment; reverse charge; bill of supply).
  const notices: string[] = [...(view.endorsements ?? [])];
  const x = view.exchange;
  if (x) {
    const rupees = (v: string) => `₹ ${formatAmount(v, 'INR')}`;
    if (x.rate === null || !x.rupees) {
      notices.push(`No exchange rate is recorded for ${cur}: the value in rupees (CGST Rules, rule 34) is not shown.`);
    } else {
      const r = x.rupees;
      const taxes = [intraCols ? `CGST ${rupees(r.cgst)}, SGST ${rupees(r.sgst)}` : null, interCols ? `IGST ${rupees(r.igst)}` : null].filter(Boolean);
      notices.push(
        `Exchange rate: 1 ${cur} = ${rupees(x.rate)} (CGST Rules, rule 34). In rupees: taxable value ${rupees(r.taxable)}` +
          (showTax ? `, ${taxes.length ? `${taxes.join(', ')}, ` : ''}tax ${rupees(r.tax)}` : '') +
          (isNonZero(r.cess) ? `, cess ${rupees(r.cess as string)}` : '') +
          `, total ${rupees(r.total)}.`,
      );
    }
  }
  if (isNonZero(t.discountInLines)) {
    notices.push(
      `The Discount column includes ${money(t.discountInLines)} off the whole document, shared among the lines in proportion to their value and taken before tax.`,
    );
  }

  const template = KIND_TEMPLATES[view.kind];
  const status = has(view.paymentStatus) && template.paymentStatus ? (STATUS[view.paymentStatus.toLowerCase()] ?? titleCase(view.paymentStatus)) : null;

  return {
    doc: view,
    title: view.title || labels.title,
    draft: view.draft === true,
    supplier: view.supplier,
    recipient: view.recipient,
    export_particulars: view.exportParticulars
      ? { delivery_address: view.exportParticulars.deliveryAddress, destination_country: view.exportParticulars.destinationCountry }
      : null,
    ship_to: view.shipTo ?? null,
    supplier_state: stateText(view.supplier.stateName, view.supplier.stateCode),
    recipient_state: stateText(view.recipient.stateName, view.recipient.stateCode),
    supplier_contact: contactText(view.supplier.phone, view.supplier.email),
    recipient_contact: contactText(view.recipient.phone, view.recipient.email),
    recipient_label: labels.recipient,
    details_label: labels.details,
    details: [...meta, ...supply],
    status_label: status,
    banner: template.banner(view),
    currency_caption: symbol === cur ? cur : `${symbol} (${cur})`,
    copy_label: has(view.copyLabel) ? view.copyLabel : null,
    cols: {
      tax: showTax,
      intra: intraCols,
      inter: interCols,
      // The column of the lines' discounts; a header discount taken off after tax is a row of the totals instead.
      discount: view.lines.some((l) => isNonZero(l.discount)),
      // Compensation cess (rate and amount) when some line carries it; its Total row is the sum of the column.
      cess: cessCols,
    },
    lines: view.lines.map((l) => ({
      ...l,
      hsn_code: l.hsnCode,
      qty_text: has(l.unit) ? `${l.quantity} ${l.unit}` : l.quantity,
      cgst_rate: percent(l.taxRate, 2),
      sgst_rate: percent(l.taxRate, 2),
      igst_rate: percent(l.taxRate, 1),
      cess_rate_text: percent(l.cessRate ?? null, 1),
      cess: l.cess ?? '0.00',
    })),
    lines_total: sumAmounts(view.lines.map((l) => l.total)),
    discount_total: t.lineDiscount ?? sumAmounts(view.lines.map((l) => l.discount)),
    totals: t,
    totals_rows: totals,
    show_hsn: showTax && view.hsnSummary.rows.length > 0,
    hsn_rows: view.hsnSummary.rows.map((r) => ({
      ...r,
      hsn_code: r.hsnCode,
      total_tax: r.totalTax,
      cgst_rate: percent(r.taxRate, 2),
      sgst_rate: percent(r.taxRate, 2),
      igst_rate: percent(r.taxRate, 1),
    })),
    hsn_total: { ...view.hsnSummary.total, total_tax: view.hsnSummary.total.totalTax },
    words_label: isNote ? 'Amount (in words)' : 'Amount Chargeable (in words)',
    amount_in_words: view.amountInWords,
    notices,
    notes: has(view.notes) ? view.notes : null,
    notes_label: labels.notes,
    declaration_text: has(view.declarationText) ? view.declarationText : null,
    signature_src: imageDataUri(view.signaturePngBase64),
    logo_src: imageDataUri(view.logoBase64),
    bank_lines: view.bankLines ?? null,
    upi: view.upi ? { id: view.upi.id, amount: view.upi.amount, qr_src: imageDataUri(view.upi.qrPngBase64) } : null,
    einvoice: view.einvoice
      ? { irn: view.einvoice.irn, ack_no: view.einvoice.ackNo, ack_date: view.einvoice.ackDate, qr_src: imageDataUri(view.einvoice.qrPngBase64) }
      : null,
    eway_bill: view.ewayBill
      ? {
          ewb_no: view.ewayBill.ewbNo,
          ewb_date: view.ewayBill.ewbDate,
          valid_until: view.ewayBill.validUntil,
          barcode_src: imageDataUri(view.ewayBill.barcodePngBase64),
        }
      : null,
  };
}

function stateText(name: string | null, code: string | null): string | null {
  if (name && code) return `${name} (Code: ${code})`;
  return name || (code ? `Code: ${code}` : null);
}

function contactText(phone: string | null, email: string | null): string | null {
  const parts = [phone ? `Ph: ${phone}` : null, email].filter(Boolean);
  return parts.length ? parts.join('  |  ') : null;
}

function titleCase(s: string): string {
  return s.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
