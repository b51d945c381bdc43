import { BASE_CSS } from '../pdf/templates/styles';

/** Styles of the receivables forms, on the base of the document templates (fonts, tables, signature block). */
const CSS = `${BASE_CSS}
body { font-size: 9pt; }
h1 { font-size: 15pt; margin: 0 0 1mm; letter-spacing: 0.04em; }
.head { display: flex; justify-content: space-between; gap: 6mm; margin-bottom: 3mm; }
.box { border: 0.3mm solid #9ca3af; padding: 2mm; }
.parties { display: flex; gap: 3mm; margin-bottom: 3mm; } .parties > div { flex: 1; }
.grid th, .grid td { border: 0.3mm solid #9ca3af; padding: 1mm 1.4mm; text-align: left; }
.grid th { background: #f1f3f5; font-size: 8pt; }
.grid td.num, .grid th.num { text-align: right; }
.grid tr.sum td { font-weight: 700; }
.note { margin-top: 2mm; }
`;

const PARTY = `<div class="party-name">{{name}}</div>
{{#if address}}<div class="pre">{{address}}</div>{{/if}}
{{#if gstin}}<div>GSTIN: {{gstin}}</div>{{/if}}
{{#if state}}<div>State: {{state}}</div>{{/if}}`;

const SIGNATURE = `<div class="sign keep" style="margin-top: 6mm">
<div class="for">{{signatory}}</div>
{{#if signaturePng}}<img src="data:image/png;base64,{{signaturePng}}" alt="Signature">{{else}}<div class="space"></div>{{/if}}
<div><span class="label">Authorised signatory</span></div></div>`;

/** The statement of account: business, client, period, opening balance, entries with running balances, closing balance. */
export const STATEMENT_TEMPLATE = `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body>
<div class="head"><div>{{#with business}}${PARTY}{{/with}}</div>
<div style="text-align: right"><h1>STATEMENT OF ACCOUNT</h1>
<div>Period: {{from}} to {{to}}</div><div>Currency: {{currency}}</div><div class="muted">Generated on {{generatedOn}}</div></div></div>
<div class="parties"><div class="box"><div class="section-label">Statement for</div>{{#with client}}${PARTY}{{/with}}</div></div>
<table class="grid"><thead><tr><th>Date</th><th>Particulars</th><th>Number</th><th class="num">Debit</th><th class="num">Credit</th><th class="num">Balance</th></tr></thead>
<tbody><tr><td>{{from}}</td><td colspan="4">Opening balance</td><td class="num">{{money openingBalance}}</td></tr>
{{#each entries}}<tr><td class="nw">{{date}}</td><td>{{type}}</td><td>{{number}}</td><td class="num">{{money debit}}</td><td class="num">{{money credit}}</td><td class="num">{{money balance}}</td></tr>
{{/each}}<tr class="sum"><td colspan="3">Total of the period</td><td class="num">{{money totalDebit}}</td><td class="num">{{money totalCredit}}</td><td></td></tr>
<tr class="sum"><td>{{to}}</td><td colspan="4">Closing balance</td><td class="num">{{money closingBalance}}</td></tr></tbody></table>
<p class="note"><span class="strong">Closing balance: {{currency}} {{money closingBalance}}</span> &middot; {{closingNote}}</p>
<p class="muted small">Debits: invoices (less the TDS they carry) and debit notes. Credits: credit notes and payments received (TDS deducted counted once). Drafts and cancelled documents are not shown.</p>
${SIGNATURE}
</body></html>`;

/** The receipt voucher of an advance with the particulars of CGST rule 50 (a) to (k). */
export const RECEIPT_VOUCHER_TEMPLATE = `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body>
<div class="head"><div>{{#with supplier}}${PARTY}{{/with}}</div>
<div style="text-align: right"><h1>RECEIPT VOUCHER</h1><div class="muted">Advance received (CGST Act s. 31(3)(d), CGST Rules r. 50)</div>
<table class="kv" style="margin-left: auto"><tr><td class="k">Voucher No.</td><td class="v">{{number}}</td></tr>
<tr><td class="k">Date</td><td class="v">{{date}}</td></tr></table></div></div>
<div class="parties"><div class="box"><div class="section-label">Received from (recipient)</div>{{#with recipient}}${PARTY}{{/with}}</div>
<div class="box"><table class="kv"><tr><td class="k">Place of supply</td><td class="v">{{placeOfSupply}}</td></tr>
<tr><td class="k">Tax payable on reverse charge</td><td class="v">{{reverseCharge}}</td></tr>
<tr><td class="k">Nature of supply</td><td class="v">{{supply}} ({{supplyBasis}})</td></tr>
<tr><td class="k">Mode</td><td class="v">{{mode}}{{#if reference}} &middot; Ref. {{reference}}{{/if}}</td></tr></table></div></div>
<table class="grid"><thead><tr><th>Description of goods or services</th><th class="num">Amount of advance ({{currency}})</th></tr></thead>
<tbody><tr><td class="pre">{{description}}</td><td class="num">{{money amount}}</td></tr></tbody></table>
<p>Amount of advance in words: <span class="words">{{amountInWords}}</span></p>
{{#if taxable}}<table class="grid"><thead><tr><th>Tax</th><th class="num">Rate</th><th class="num">Amount ({{currency}})</th></tr></thead><tbody>
<tr><td>Taxable value (advance less the tax included in it)</td><td class="num">{{taxRate}}</td><td class="num">{{money taxableValue}}</td></tr>
{{#each taxes}}<tr><td>{{name}}</td><td class="num">{{rate}}</td><td class="num">{{money amount}}</td></tr>{{/each}}
<tr class="sum"><td>Total tax included in the advance</td><td></td><td class="num">{{money totalTax}}</td></tr></tbody></table>
{{else}}<p class="notice">{{noTaxNote}}</p>{{/if}}
${SIGNATURE}
</body></html>`;
