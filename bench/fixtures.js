'use strict';
/**
 * Request bodies shared by the API scenarios and their baselines: a realistic 10-line invoice (the ten
 * sample lines of test/support/document-view.fixture.ts: an electrical contractor's goods and services
 * over several HSN/SAC codes and GST rates), with the GST split the client's state calls for.
 */

/** Supplier state of the bench account (its GSTIN is 27AAPFU0939F1ZV: Maharashtra). */
const SUPPLIER_STATE = '27';

const LINE_ITEMS = [
  { d: 'LED panel light 18 W, 2x2 ft, cool white', hsn: '9405', qty: 40, rate: 1250, disc: 2500, tax: 18 },
  { d: 'Copper wire 2.5 sq mm FR-LSH, 90 m coil', hsn: '8544', qty: 25, rate: 2890, disc: 0, tax: 18 },
  { d: 'MCB 32 A double pole, C curve', hsn: '8536', qty: 60, rate: 415.5, disc: 0, tax: 18 },
  { d: 'Ceiling fan 1200 mm, BEE 5 star, BLDC', hsn: '8414', qty: 12, rate: 3150, disc: 1890, tax: 18 },
  { d: 'PVC conduit pipe 25 mm, 3 m length', hsn: '3917', qty: 150, rate: 86.4, disc: 0, tax: 18 },
  { d: 'Solar PV module 540 Wp, mono PERC', hsn: '8541', qty: 8, rate: 13999, disc: 0, tax: 12 },
  { d: 'Split air conditioner 1.5 T, inverter, 3 star', hsn: '8415', qty: 2, rate: 38990, disc: 0, tax: 28 },
  { d: 'Distribution board 8-way TPN, double door', hsn: '8537', qty: 5, rate: 6480, disc: 0, tax: 18 },
  { d: 'Installation, testing and commissioning of the above', hsn: '995461', qty: 1, rate: 18500, disc: 0, tax: 18 },
  { d: 'Electrical design consultancy (load study, single-line diagram)', hsn: '998331', qty: 12, rate: 1500, disc: 0, tax: 18 },
];

const round2 = (n) => Math.round(n * 100) / 100;

/** One invoice line as the API takes it: taxable = qty x rate less discount; CGST+SGST within the state, else IGST. */
function invoiceLine(item, intraState, qtyFactor = 1) {
  const qty = item.qty * qtyFactor;
  const disc = round2(item.disc * qtyFactor);
  const taxable = round2(qty * item.rate - disc);
  const tax = round2((taxable * item.tax) / 100);
  const half = round2(tax / 2);
  const cgst = intraState ? half : 0;
  const sgst = intraState ? round2(tax - half) : 0;
  const igst = intraState ? 0 : tax;
  return {
    item_description: item.d,
    hsn_code: item.hsn,
    quantity: qty,
    rate: item.rate,
    tax_rate: item.tax,
    cgst_amount: cgst,
    sgst_amount: sgst,
    igst_amount: igst,
    total_amount: round2(taxable + cgst + sgst + igst),
    ...(disc > 0 ? { discount_type: 'fixed', discount_value: disc } : {}),
  };
}

/** 'YYYY-MM-DD' of `ms` in Asia/Kolkata (UTC+5:30, no DST). */
function kolkataDate(ms = Date.now()) {
  return new Date(ms + 330 * 60 * 1000).toISOString().slice(0, 10);
}

function addDays(date, days) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
}

/** First year of the Indian financial year (April to March) of a 'YYYY-MM-DD' date. */
function fiscalYearOf(date) {
  const [y, m] = date.split('-').map(Number);
  return m >= 4 ? y : y - 1;
}

/** POST /v1/invoices body: 10 lines, dated today (Asia/Kolkata), due in 30 days. */
function invoiceBody(client, date = kolkataDate()) {
  const intra = (client.state_code || SUPPLIER_STATE) === SUPPLIER_STATE;
  return {
    client_id: client.id,
    invoice_date: date,
    payment_due_date: addDays(date, 30),
    transport_details: 'VRL Logistics, vehicle MH-12-AB-4321',
    lr_number: 'LR-778812',
    items: LINE_ITEMS.map((item) => invoiceLine(item, intra)),
  };
}

module.exports = { SUPPLIER_STATE, LINE_ITEMS, invoiceLine, invoiceBody, kolkataDate, addDays, fiscalYearOf, round2 };
