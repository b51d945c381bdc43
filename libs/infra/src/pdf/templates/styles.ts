/**
 * CSS of the PDF templates. Plain strings (no Handlebars syntax, no user data) inlined into each layout.
 * The font stack covers Latin, the rupee sign (Noto Sans, DejaVu Sans) and Devanagari (Noto Sans
 * Devanagari, from the fonts-noto-core package); Chromium embeds the subset it uses in the PDF.
 */
export const FONT_STACK = "'Noto Sans', 'Noto Sans Devanagari', 'DejaVu Sans', 'Liberation Sans', sans-serif";

export const BASE_CSS = `
* { box-sizing: border-box; }
.draft-watermark { position: fixed; top: 42%; left: 0; right: 0; text-align: center; font-size: 110pt; font-weight: 700; letter-spacing: 0.1em;
  color: rgba(200, 30, 30, 0.13); transform: rotate(-30deg); z-index: 10; pointer-events: none; }
html, body { margin: 0; padding: 0; }
body {
  font-family: ${FONT_STACK};
  font-size: 8.4pt; line-height: 1.35; color: #1b1b1b;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
  padding-right: 0.8mm; /* Chromium clips a border drawn flush with the right page margin */
}
table { border-collapse: collapse; width: 100%; }
th, td { vertical-align: top; }
thead { display: table-header-group; }
tfoot { display: table-row-group; } /* totals once, at the end, not repeated on every page */
tr, .keep { break-inside: avoid; page-break-inside: avoid; }
.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.c { text-align: center; }
.pre { white-space: pre-line; }
.muted { color: #5b6470; }
.small { font-size: 7.2pt; }
.strong { font-weight: 700; }
.party-name { font-weight: 700; font-size: 10pt; }
.supplier-name { font-weight: 700; font-size: 14pt; line-height: 1.2; }
.kv { width: auto; }
.kv td { padding: 0.4mm 0; }
.kv td.k { color: #5b6470; padding-right: 3mm; white-space: nowrap; }
.kv td.v { font-weight: 600; }
.desc { word-break: break-word; }
.lines th { font-size: 7.4pt; font-weight: 700; }
.nw { white-space: nowrap; }
.lines td, .lines th { padding: 1mm 1.2mm; }
.hsn-label { margin-top: 2mm; break-after: avoid; page-break-after: avoid; }
.hsn td, .hsn th { padding: 0.9mm 1.2mm; font-size: 7.4pt; }
.totals td { padding: 0.9mm 1.5mm; }
.totals tr.grand td { font-weight: 700; font-size: 10pt; }
.words-label { font-size: 7.2pt; color: #5b6470; }
.words { font-weight: 700; font-style: italic; }
.notice { margin-top: 1.5mm; font-weight: 600; }
.sign { text-align: right; }
.sign img { max-height: 18mm; max-width: 55mm; display: inline-block; margin: 1mm 0; }
.sign .space { height: 16mm; }
.sign .for { font-weight: 700; }
.sign .label { border-top: 0.3mm solid #888; display: inline-block; padding-top: 0.8mm; min-width: 40mm; text-align: center; }
.section-label { font-size: 7pt; letter-spacing: 0.06em; text-transform: uppercase; color: #5b6470; font-weight: 700; margin-bottom: 0.8mm; }
.caption { text-align: right; font-size: 7pt; color: #5b6470; margin: 1mm 0 0.8mm; }
.remarks p { margin: 0 0 1.2mm; }
`;

/** Classic: the traditional Indian GST invoice, black on white, ruled boxes. */
export const CLASSIC_CSS = `
.doc-title { text-align: center; font-size: 13pt; font-weight: 700; letter-spacing: 0.12em; text-transform: uppercase; padding: 1mm 0 2mm; }
.doc-title .status { font-size: 7.5pt; letter-spacing: 0.04em; border: 0.3mm solid #333; padding: 0.3mm 2mm; margin-left: 3mm; vertical-align: middle; }
.frame { border: 0.35mm solid #222; -webkit-box-decoration-break: clone; box-decoration-break: clone; }
.frame > .sec + .sec { border-top: 0.35mm solid #222; }
.frame > .sec.pad { padding: 0 2.5mm 2.5mm; }
.grid { border-style: hidden; }
.grid > tbody > tr > td { border: 0.25mm solid #222; padding: 2mm 2.5mm; }
.half { width: 50%; }
.lines th { background: #ececec; border: 0.25mm solid #222; text-align: center; }
.lines td { border-left: 0.25mm solid #222; border-right: 0.25mm solid #222; }
.lines tbody tr:last-child td { border-bottom: 0.25mm solid #222; }
.lines tfoot td { border: 0.25mm solid #222; font-weight: 700; background: #f6f6f6; }
.lines, .hsn { border-style: hidden; }
.hsn th { background: #f2f2f2; border: 0.25mm solid #222; text-align: center; }
.hsn td { border: 0.25mm solid #222; }
.hsn tfoot td { font-weight: 700; }
.totals td { border-bottom: 0.2mm solid #bbb; }
.totals tr.grand td { border-top: 0.35mm solid #222; border-bottom: 0.35mm solid #222; background: #f2f2f2; }
`;

/** Modern: a coloured band, cards and an airy table without vertical rules. */
export const MODERN_CSS = `
body { color: #1f2937; }
.band { background: #0f5f73; color: #fff; padding: 5mm 6mm; border-radius: 2.5mm; display: flex; justify-content: space-between; align-items: flex-start; gap: 6mm; }
.band .supplier-name { font-size: 15pt; }
.band .muted { color: #cde4ea; }
.band .right { text-align: right; min-width: 58mm; }
.band .doc-title { font-size: 17pt; font-weight: 300; letter-spacing: 0.04em; line-height: 1.1; }
.band .doc-number { font-size: 10pt; font-weight: 700; margin-top: 1.2mm; }
.band .status { display: inline-block; margin-top: 1.5mm; background: #fff; color: #0f5f73; font-weight: 700; font-size: 7.2pt; padding: 0.4mm 2.5mm; border-radius: 3mm; letter-spacing: 0.05em; text-transform: uppercase; }
.cards { display: flex; gap: 4mm; margin: 4mm 0 2mm; }
.card { flex: 1; border: 0.25mm solid #d5dde3; border-top: 0.9mm solid #0f5f73; border-radius: 1.5mm; padding: 2.5mm 3mm; }
.card.wide { flex: 1.25; }
.section-label { color: #0f5f73; }
.lines th { background: #0f5f73; color: #fff; text-align: center; }
.lines th:first-child { border-top-left-radius: 1.2mm; }
.lines th:last-child { border-top-right-radius: 1.2mm; }
.lines tbody tr:nth-child(even) td { background: #f2f7f8; }
.lines tbody td { border-bottom: 0.2mm solid #e2e8ec; }
.lines tfoot td { font-weight: 700; border-top: 0.4mm solid #0f5f73; }
.split { display: flex; gap: 5mm; margin-top: 3mm; align-items: flex-start; }
.split > .grow { flex: 1; }
.split > .totals-box { width: 78mm; }
.totals td { border-bottom: 0.2mm solid #e2e8ec; }
.totals tr.grand td { background: #0f5f73; color: #fff; border: none; }
.words-box { background: #f2f7f8; border-radius: 1.5mm; padding: 2.5mm 3mm; }
.hsn { margin-top: 3mm; }
.hsn th { background: #e6f0f2; color: #0f5f73; text-align: center; border-bottom: 0.3mm solid #0f5f73; }
.hsn td { border-bottom: 0.2mm solid #e2e8ec; }
.hsn tfoot td { font-weight: 700; border-top: 0.3mm solid #0f5f73; }
.footer-row { display: flex; gap: 5mm; margin-top: 4mm; align-items: flex-end; border-top: 0.3mm solid #d5dde3; padding-top: 3mm; }
.footer-row > .grow { flex: 1; }
.sign .label { border-top-color: #0f5f73; }
`;

/** Quotations, proforma invoices and notes: a ruled document in slate blue, distinct from a tax invoice. */
export const DOCUMENT_CSS = `
.head { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 0.6mm solid #2f4a6d; padding-bottom: 2.5mm; gap: 6mm; }
.head .doc-title { font-size: 16pt; font-weight: 700; color: #2f4a6d; text-transform: uppercase; letter-spacing: 0.08em; text-align: right; }
.head .doc-sub { text-align: right; font-size: 7.6pt; color: #5b6470; }
.grid2 { display: flex; gap: 5mm; margin: 3mm 0 2mm; }
.grid2 > div { flex: 1; border: 0.25mm solid #c9d1dc; padding: 2.5mm 3mm; }
.section-label { color: #2f4a6d; }
.banner { border: 0.3mm dashed #2f4a6d; color: #2f4a6d; padding: 1.6mm 3mm; margin: 2mm 0; font-weight: 600; text-align: center; }
.lines th { background: #2f4a6d; color: #fff; text-align: center; border: 0.25mm solid #2f4a6d; }
.lines td { border: 0.25mm solid #c9d1dc; }
.lines tfoot td { font-weight: 700; background: #eef2f7; }
.hsn { margin-top: 3mm; }
.hsn th { background: #eef2f7; border: 0.25mm solid #c9d1dc; text-align: center; }
.hsn td { border: 0.25mm solid #c9d1dc; }
.hsn tfoot td { font-weight: 700; }
.split { display: flex; gap: 5mm; margin-top: 3mm; align-items: flex-start; }
.split > .grow { flex: 1; }
.split > .totals-box { width: 78mm; }
.totals td { border-bottom: 0.2mm solid #c9d1dc; }
.totals tr.grand td { background: #eef2f7; border-top: 0.4mm solid #2f4a6d; border-bottom: 0.4mm solid #2f4a6d; }
.footer-row { display: flex; gap: 5mm; margin-top: 4mm; align-items: flex-end; }
.footer-row > .grow { flex: 1; }
`;
