/**
 * Handlebars partials shared by every layout. Only `{{double}}` mustaches: every value is
 * HTML-escaped; triple-stash is never used. Values come from the context built in ../templates.ts.
 */
export const PARTIALS: Record<string, string> = {
  supplier: `
{{#if logo_src}}<img class="logo" src="{{logo_src}}" alt="Logo" style="max-height:18mm;max-width:50mm;display:block;margin-bottom:2mm">{{/if}}
<div class="supplier-name">{{supplier.name}}</div>
{{#if supplier.address}}<div class="pre">{{supplier.address}}</div>{{/if}}
{{#if supplier.gstin}}<div>GSTIN: <span class="strong">{{supplier.gstin}}</span></div>{{/if}}
{{#if supplier_state}}<div>State: {{supplier_state}}</div>{{/if}}
{{#if supplier.pan}}<div>PAN: {{supplier.pan}}</div>{{/if}}
{{#if supplier_contact}}<div class="muted">{{supplier_contact}}</div>{{/if}}`,

  recipient: `
<div class="section-label">{{recipient_label}}</div>
<div class="party-name">{{recipient.name}}</div>
{{#if recipient.address}}<div class="pre">{{recipient.address}}</div>{{/if}}
<div>GSTIN: <span class="strong">{{#if recipient.gstin}}{{recipient.gstin}}{{else}}Unregistered{{/if}}</span></div>
{{#if recipient_state}}<div>State: {{recipient_state}}</div>{{/if}}
{{#if recipient_contact}}<div class="muted">{{recipient_contact}}</div>{{/if}}
{{#if export_particulars}}{{#if export_particulars.delivery_address}}<div>Address of delivery: <span class="pre">{{export_particulars.delivery_address}}</span></div>{{/if}}
{{#if export_particulars.destination_country}}<div>Country of destination: <span class="strong">{{export_particulars.destination_country}}</span></div>{{/if}}{{/if}}
{{#if ship_to}}<div>Ship to: <span class="strong">{{ship_to.name}}</span>, GSTIN <span class="strong">{{ship_to.gstin}}</span></div>{{#if ship_to.address}}<div class="pre">{{ship_to.address}}</div>{{/if}}{{/if}}`,

  details: `
<table class="kv"><tbody>{{#each details}}<tr><td class="k">{{label}}</td><td class="v">{{value}}</td></tr>{{/each}}</tbody></table>`,

  caption: `<div class="caption">Amounts in {{currency_caption}}</div>`,

  lines: `
<table class="lines">
<thead><tr>
<th style="width:7mm">#</th><th>Description</th><th>HSN/SAC</th><th>Qty</th><th>Rate</th>
{{#if cols.discount}}<th>Discount</th>{{/if}}
<th>{{#if cols.tax}}Taxable Value{{else}}Amount{{/if}}</th>
{{#if cols.tax}}<th class="nw">GST %</th>{{/if}}
{{#if cols.intra}}<th>CGST</th><th>SGST</th>{{/if}}
{{#if cols.inter}}<th>IGST</th>{{/if}}
{{#if cols.cess}}<th class="nw">Cess %</th><th>Cess</th>{{/if}}
{{#if cols.tax}}<th>Total</th>{{/if}}
</tr></thead>
<tbody>
{{#each lines}}<tr>
<td class="c">{{sn}}</td>
<td class="desc">{{description}}</td>
<td class="c">{{hsn_code}}</td>
<td class="num">{{qty_text}}</td>
<td class="num">{{money rate}}</td>
{{#if @root.cols.discount}}<td class="num">{{money discount}}</td>{{/if}}
<td class="num">{{money taxable}}</td>
{{#if @root.cols.tax}}<td class="num">{{igst_rate}}</td>{{/if}}
{{#if @root.cols.intra}}<td class="num">{{money cgst}}</td><td class="num">{{money sgst}}</td>{{/if}}
{{#if @root.cols.inter}}<td class="num">{{money igst}}</td>{{/if}}
{{#if @root.cols.cess}}<td class="num">{{cess_rate_text}}</td><td class="num">{{money cess}}</td>{{/if}}
{{#if @root.cols.tax}}<td class="num">{{money total}}</td>{{/if}}
</tr>{{/each}}
</tbody>
<tfoot><tr>
<td colspan="5" class="num">Total</td>
{{#if cols.discount}}<td class="num">{{money discount_total}}</td>{{/if}}
<td class="num">{{money totals.taxable}}</td>
{{#if cols.tax}}<td></td>{{/if}}
{{#if cols.intra}}<td class="num">{{money totals.cgst}}</td><td class="num">{{money totals.sgst}}</td>{{/if}}
{{#if cols.inter}}<td class="num">{{money totals.igst}}</td>{{/if}}
{{#if cols.cess}}<td></td><td class="num">{{money totals.cess}}</td>{{/if}}
{{#if cols.tax}}<td class="num">{{money lines_total}}</td>{{/if}}
</tr></tfoot>
</table>`,

  hsnSummary: `
<div class="hsn-block">
<div class="section-label hsn-label">HSN/SAC-wise Tax Summary</div>
<table class="hsn">
<thead>
{{#if cols.intra}}
<tr><th rowspan="2">HSN/SAC</th><th rowspan="2">Taxable Value</th><th colspan="2">CGST</th><th colspan="2">SGST</th><th rowspan="2">Total Tax</th></tr>
<tr><th>Rate</th><th>Amount</th><th>Rate</th><th>Amount</th></tr>
{{else}}
<tr><th rowspan="2">HSN/SAC</th><th rowspan="2">Taxable Value</th><th colspan="2">IGST</th><th rowspan="2">Total Tax</th></tr>
<tr><th>Rate</th><th>Amount</th></tr>
{{/if}}
</thead>
<tbody>
{{#each hsn_rows}}<tr>
<td class="c">{{hsn_code}}</td><td class="num">{{money taxable}}</td>
{{#if @root.cols.intra}}<td class="num">{{cgst_rate}}</td><td class="num">{{money cgst}}</td><td class="num">{{sgst_rate}}</td><td class="num">{{money sgst}}</td>
{{else}}<td class="num">{{igst_rate}}</td><td class="num">{{money igst}}</td>{{/if}}
<td class="num">{{money total_tax}}</td>
</tr>{{/each}}
</tbody>
<tfoot><tr>
<td class="num">Total</td><td class="num">{{money hsn_total.taxable}}</td>
{{#if cols.intra}}<td></td><td class="num">{{money hsn_total.cgst}}</td><td></td><td class="num">{{money hsn_total.sgst}}</td>
{{else}}<td></td><td class="num">{{money hsn_total.igst}}</td>{{/if}}
<td class="num">{{money hsn_total.total_tax}}</td>
</tr></tfoot>
</table>
</div>`,

  totals: `
<table class="totals"><tbody>{{#each totals_rows}}<tr{{#if grand}} class="grand"{{/if}}><td>{{label}}</td><td class="num">{{value}}</td></tr>{{/each}}</tbody></table>`,

  words: `<div class="words-label">{{words_label}}</div><div class="words">{{amount_in_words}}</div>`,

  remarks: `
<div class="remarks">
{{#if einvoice}}<div class="einvoice"><div class="section-label">e-Invoice</div>
<div>IRN: <span class="irn" style="word-break:break-all">{{einvoice.irn}}</span></div>
<div>Ack No: {{einvoice.ack_no}} &middot; Ack Date: {{einvoice.ack_date}}</div>
{{#if einvoice.qr_src}}<img src="{{einvoice.qr_src}}" alt="e-invoice signed QR code" style="width:35mm;height:35mm;display:block">{{/if}}</div>{{/if}}
{{#if eway_bill}}<div class="eway-bill"><div class="section-label">e-Way Bill</div>
<div>EWB No: <span class="ewb-no">{{eway_bill.ewb_no}}</span> &middot; Date: {{eway_bill.ewb_date}}{{#if eway_bill.valid_until}} &middot; Valid until: {{eway_bill.valid_until}}{{/if}}</div>
{{#if eway_bill.barcode_src}}<img src="{{eway_bill.barcode_src}}" alt="e-way bill number barcode (Code 128)" style="height:12mm;display:block">{{/if}}</div>{{/if}}
{{#each notices}}<p class="notice">{{this}}</p>{{/each}}
{{#if notes}}<div class="section-label">{{notes_label}}</div><p class="pre">{{notes}}</p>{{/if}}
{{#if declaration_text}}<div class="section-label">Declaration</div><p class="pre">{{declaration_text}}</p>{{/if}}
{{#if bank_lines}}<div class="section-label">Bank details</div>{{#each bank_lines}}<div>{{this}}</div>{{/each}}{{/if}}
{{#if upi.qr_src}}<div class="section-label">Pay by UPI</div>
<img src="{{upi.qr_src}}" alt="UPI QR code" style="width:30mm;height:30mm;display:block">
<div>{{upi.id}} &middot; {{money upi.amount}}</div>{{/if}}
</div>`,

  signature: `
<div class="sign">
<div class="for">For {{supplier.name}}</div>
{{#if signature_src}}<img src="{{signature_src}}" alt="Signature">{{else}}<div class="space"></div>{{/if}}
<div><span class="label">Authorised Signatory</span></div>
</div>`,
};
