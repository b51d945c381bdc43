import { deflateSync } from 'node:zlib';
import type { DocumentLineView, DocumentView } from '@app/domain/documents/document-view';
import type { DocumentKind } from '@app/domain/documents/document-kinds';
import { money2, sumMoney, toDecimal } from '@app/domain/shared/money';
import { amountInWords, expectedLineTax, gstinCheckCharacter, hsnSummary } from '@app/domain/tax';

/**
 * A realistic, internally consistent DocumentView for renderer tests and benchmarks: an electrical
 * contractor in Bengaluru (Karnataka, 29) billing a client in Pune (Maharashtra, 27: IGST) or, with
 * `intraState`, one in Mysuru (Karnataka: CGST + SGST). Ten lines over several HSN/SAC codes and rates.
 */
export interface DocumentViewFixtureOptions {
  kind?: DocumentKind;
  /** CGST + SGST (default false: IGST). */
  intraState?: boolean;
  /** False: bill of supply, no tax (default true). */
  showTax?: boolean;
  recipientName?: string;
  /** How many of the ten sample lines (1-10, default 10; more repeat them). */
  lineCount?: number;
  /** Include a signature image (default true). */
  signature?: boolean;
  /** Sequence part of the document number (default 42). */
  sequence?: number;
}

export const SUPPLIER_GSTIN = withCheck('29AAKCS4821M1Z');
export const RECIPIENT_GSTIN_INTER = withCheck('27AADFP7315Q1Z');
export const RECIPIENT_GSTIN_INTRA = withCheck('29AAHCK9052R1Z');

const ITEMS: { d: string; hsn: string; qty: string; unit: string; rate: string; disc: string; tax: string }[] = [
  { d: 'LED panel light 18 W, 2x2 ft, cool white', hsn: '9405', qty: '40', unit: 'Nos', rate: '1250.00', disc: '2500.00', tax: '18' },
  { d: 'Copper wire 2.5 sq mm FR-LSH, 90 m coil', hsn: '8544', qty: '25', unit: 'Coil', rate: '2890.00', disc: '0', tax: '18' },
  { d: 'MCB 32 A double pole, C curve', hsn: '8536', qty: '60', unit: 'Nos', rate: '415.50', disc: '0', tax: '18' },
  { d: 'Ceiling fan 1200 mm, BEE 5 star, BLDC', hsn: '8414', qty: '12', unit: 'Nos', rate: '3150.00', disc: '1890.00', tax: '18' },
  { d: 'PVC conduit pipe 25 mm, 3 m length', hsn: '3917', qty: '150', unit: 'Nos', rate: '86.40', disc: '0', tax: '18' },
  { d: 'Solar PV module 540 Wp, mono PERC', hsn: '8541', qty: '8', unit: 'Nos', rate: '13999.00', disc: '0', tax: '12' },
  { d: 'Split air conditioner 1.5 T, inverter, 3 star', hsn: '8415', qty: '2', unit: 'Nos', rate: '38990.00', disc: '0', tax: '28' },
  { d: 'Distribution board 8-way TPN, double door', hsn: '8537', qty: '5', unit: 'Nos', rate: '6480.00', disc: '0', tax: '18' },
  { d: 'Installation, testing and commissioning of the above', hsn: '995461', qty: '1', unit: 'Job', rate: '18500.00', disc: '0', tax: '18' },
  { d: 'Electrical design consultancy (load study, single-line diagram)', hsn: '998331', qty: '12', unit: 'Hrs', rate: '1500.00', disc: '0', tax: '18' },
];

const TITLES: Record<DocumentKind, string> = {
  invoice: 'Tax Invoice',
  quotation: 'Quotation',
  'proforma-invoice': 'Proforma Invoice',
  'debit-note': 'Debit Note',
  'credit-note': 'Credit Note',
};
const PREFIX: Record<DocumentKind, string> = {
  invoice: 'INV',
  quotation: 'QT',
  'proforma-invoice': 'PI',
  'debit-note': 'DN',
  'credit-note': 'CN',
};

export function buildDocumentView(options: DocumentViewFixtureOptions = {}, overrides: Partial<DocumentView> = {}): DocumentView {
  const kind = options.kind ?? 'invoice';
  const intra = options.intraState ?? false;
  const showTax = options.showTax ?? true;
  const count = options.lineCount ?? 10;
  const lines: DocumentLineView[] = [];
  for (let i = 0; i < count; i++) {
    const it = ITEMS[i % ITEMS.length];
    const gross = money2(toDecimal(it.qty).times(it.rate));
    const taxable = money2(sumMoney([gross, `-${money2(it.disc)}`]));
    const rate = showTax ? money2(it.tax) : '0.00';
    const tax = expectedLineTax(taxable, rate, intra);
    lines.push({
      sn: String(i + 1),
      description: it.d,
      hsnCode: it.hsn,
      quantity: it.qty,
      unit: it.unit,
      rate: it.rate,
      discount: money2(it.disc),
      taxable,
      taxRate: rate,
      cgst: tax.cgst,
      sgst: tax.sgst,
      igst: tax.igst,
      total: sumMoney([taxable, tax.cgst, tax.sgst, tax.igst]),
    });
  }
  const summary = hsnSummary(lines.map((l) => ({ ...l, hsnCode: l.hsnCode ?? '' })));
  const exact = sumMoney(lines.map((l) => l.total));
  const total = money2(toDecimal(exact).toDecimalPlaces(0)); // section 170: nearest rupee, half up
  const roundOff = sumMoney([total, `-${exact}`]);
  const number = `${PREFIX[kind]}/2025-26/${String(options.sequence ?? 42).padStart(4, '0')}`;
  const recipient = intra
    ? {
        name: options.recipientName ?? 'Kaveri Hospitality Private Limited',
        address: 'No. 14, Hunsur Road, Hebbal Industrial Area\nMysuru, Karnataka 570016',
        gstin: RECIPIENT_GSTIN_INTRA,
        stateCode: '29',
        stateName: 'Karnataka',
        email: 'accounts@kaverihospitality.in',
        phone: '+91 821 240 1188',
      }
    : {
        name: options.recipientName ?? 'Patil Engineering Works LLP',
        address: 'Plot 27, MIDC Bhosari, Pimpri-Chinchwad\nPune, Maharashtra 411026',
        gstin: RECIPIENT_GSTIN_INTER,
        stateCode: '27',
        stateName: 'Maharashtra',
        email: 'purchase@patilengg.co.in',
        phone: '+91 20 2712 4455',
      };
  const isNote = kind === 'debit-note' || kind === 'credit-note';
  const view: DocumentView = {
    kind,
    title: kind === 'invoice' && !showTax ? 'Bill of Supply' : TITLES[kind],
    number,
    date: '05-08-2025',
    dueDate: kind === 'invoice' || kind === 'proforma-invoice' ? '04-09-2025' : null,
    validityDate: kind === 'quotation' || kind === 'proforma-invoice' ? '04-09-2025' : null,
    reference: isNote ? 'INV/2025-26/0042' : null,
    currency: 'INR',
    supplier: {
      name: 'Shakti Electricals & Solar Pvt. Ltd.',
      address: '2nd Floor, 48/1 Hosur Main Road, Madiwala\nBengaluru, Karnataka 560068',
      gstin: SUPPLIER_GSTIN,
      stateCode: '29',
      stateName: 'Karnataka',
      pan: SUPPLIER_GSTIN.slice(2, 12),
      email: 'billing@shaktielectricals.in',
      phone: '+91 80 4120 7788',
    },
    recipient,
    placeOfSupply: intra ? { code: '29', name: 'Karnataka' } : { code: '27', name: 'Maharashtra' },
    intraState: intra,
    showTax,
    reverseCharge: false,
    lines,
    hsnSummary: summary,
    totals: {
      taxable: summary.total.taxable,
      cgst: summary.total.cgst,
      sgst: summary.total.sgst,
      igst: summary.total.igst,
      discount: '0.00',
      lineDiscount: sumMoney(lines.map((l) => l.discount)),
      roundOff: roundOff,
      total,
      tds: null,
      receivable: null,
      paid: kind === 'invoice' ? '50000.00' : null,
      balance: kind === 'invoice' ? sumMoney([total, '-50000.00']) : null,
    },
    amountInWords: amountInWords(total),
    declarationText:
      kind === 'invoice'
        ? 'We declare that this invoice shows the actual price of the goods and services described and that all particulars are true and correct.'
        : null,
    lutNumber: null,
    transportDetails: kind === 'invoice' ? 'VRL Logistics, vehicle KA-01-AB-4321' : null,
    lrNumber: kind === 'invoice' ? 'LR-778812' : null,
    paymentStatus: kind === 'invoice' ? 'partially_paid' : null,
    signaturePngBase64: options.signature === false ? null : signaturePng(),
    notes: isNote
      ? 'Rate difference on items 1 and 4 as agreed on 12-08-2025.'
      : 'Payment by NEFT to HDFC Bank, A/c 50200012345678, IFSC HDFC0001234. Goods once sold are subject to Bengaluru jurisdiction.',
  };
  return { ...view, ...overrides };
}

function withCheck(first14: string): string {
  return first14 + gstinCheckCharacter(first14);
}

let cachedSignature: string | null = null;

/** A small blue pen-stroke signature as a base64 PNG (drawn here so tests need no binary fixture). */
export function signaturePng(): string {
  if (cachedSignature) return cachedSignature;
  const w = 240;
  const h = 70;
  const px = Buffer.alloc(w * h * 4); // transparent RGBA
  const dot = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const xx = Math.round(x) + dx;
        const yy = Math.round(y) + dy;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const o = (yy * w + xx) * 4;
        px[o] = 20;
        px[o + 1] = 40;
        px[o + 2] = 140;
        px[o + 3] = 255;
      }
  };
  for (let t = 0; t <= 1; t += 0.0005) {
    const x = 12 + t * 210;
    const y = 38 + Math.sin(t * 26) * 16 * (1 - t * 0.6) + Math.sin(t * 5) * 6;
    dot(x, y);
  }
  for (let t = 0; t <= 1; t += 0.002) dot(30 + t * 180, 58 - t * 4); // underline
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) px.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  cachedSignature = png.toString('base64');
  return cachedSignature;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}
