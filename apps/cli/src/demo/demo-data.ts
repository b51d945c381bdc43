import Decimal from 'decimal.js';
import { fiscalYearOf } from '@app/domain/shared/fiscal-year';
import { money2 } from '@app/domain/shared/money';
import { expectedLineTax, gstinCheckCharacter, isIntraState } from '@app/domain/tax';

/** The demo business is registered in Maharashtra (its GSTIN starts with 27). */
export const DEMO_STATE = '27';
/** The demo business's address (its GSTIN is of Maharashtra, 27), printed on its documents. */
export const DEMO_ADDRESS = 'Shop 4, Shivaji Market, Laxmi Road, Pune 411002, Maharashtra';

/** A GSTIN of a normal taxpayer: state, PAN, entity 1, 'Z' and the mod-36 check character. */
export function gstinOf(stateCode: string, pan: string): string {
  const body = `${stateCode}${pan}1Z`;
  return body + gstinCheckCharacter(body);
}

export interface DemoClient {
  key: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  state_code: string;
  gstin?: string;
}

/** Key, name, phone, email, address, state and, for a registered business, its PAN (the GSTIN is built from it). */
type ClientRow = [string, string, string, string, string, string, string?];

const CLIENT_ROWS: ClientRow[] = [
  ['sahyadri', 'Sahyadri Agro Foods Pvt Ltd', '9822011001', 'accounts@sahyadri-agro.example', 'Plot 14, MIDC Bhosari, Pune 411026', '27', 'AABCS1429B'],
  ['konkan', 'Konkan Coastal Traders', '9867022002', 'billing@konkan-traders.example', '22 Fort Market, Ratnagiri 415612', '27', 'AAGFK5521M'],
  ['deccan', 'Deccan Silk House', '9845033003', 'finance@deccansilk.example', '5 Chickpet Main Road, Bengaluru 560053', '29', 'AAFFD7315Q'],
  ['chola', 'Chola Engineering Works', '9841044004', 'purchase@cholaeng.example', '88 Guindy Industrial Estate, Chennai 600032', '33', 'AACCC8841L'],
  ['sabarmati', 'Sabarmati Textiles LLP', '9825055005', 'ap@sabarmati-tex.example', '31 Ashram Road, Ahmedabad 380009', '24', 'ABDFS2234H'],
  ['yamuna', 'Yamuna Office Supplies', '9811066006', 'orders@yamunaoffice.example', '7 Nehru Place, New Delhi 110019', '07', 'AAHFY6610C'],
  ['hooghly', 'Hooghly Print & Pack', '9831077007', 'accounts@hooghlyprint.example', '14 Strand Road, Kolkata 700001', '19', 'AAJCH4402N'],
  ['charminar', 'Charminar Pharma Distributors', '9849088008', 'payables@charminarpharma.example', '3-5-120 Koti, Hyderabad 500095', '36', 'AAKCC9073R'],
  ['ananya', 'Ananya Deshmukh', '9890099009', 'ananya.deshmukh@mail.example', 'Flat 6, Shivaji Nagar, Nagpur 440010', '27'],
  ['periyar', 'Periyar Homestays', '9847010010', 'stay@periyarhomes.example', 'Thekkady Road, Kumily 685509', '32'],
  ['rajesh', 'Rajesh Kumar Verma', '9839011011', 'rk.verma@mail.example', '12 Hazratganj, Lucknow 226001', '09'],
  ['pinkcity', 'Pink City Handicrafts', '9829012012', 'hello@pinkcitycrafts.example', 'Johari Bazaar, Jaipur 302003', '08'],
];

/** Twelve clients in ten states; eight registered for GST, four unregistered (state only). */
export const DEMO_CLIENTS: DemoClient[] = CLIENT_ROWS.map(([key, name, phone, email, address, state_code, pan]) => ({
  key,
  name,
  phone,
  email,
  address,
  state_code,
  ...(pan ? { gstin: gstinOf(state_code, pan) } : {}),
}));

export interface DemoItem {
  key: string;
  name: string;
  sku: string;
  type: 'product' | 'service';
  description: string;
  quantity: number;
  rate: string;
  /** The GST rate in force today (the inventory item's). */
  tax_rate: string;
  hsn_code: string;
  /** Stock after a manual recount (a second movement), if any. */
  recount?: number;
  /** The item's earlier rates, each in force up to and including `until`, oldest first. */
  earlierRates?: Array<{ until: string; tax_rate: string }>;
}

export const DEMO_ITEMS: DemoItem[] = [
  {
    key: 'chair',
    name: 'Ergonomic office chair',
    sku: 'FUR-CH-01',
    type: 'product',
    description: 'Mesh back',
    quantity: 40,
    rate: '6500.00',
    tax_rate: '18',
    hsn_code: '9401',
    recount: 38,
  },
  {
    key: 'paper',
    name: 'A4 copier paper (ream)',
    sku: 'STN-A4-75',
    type: 'product',
    description: '75 gsm, 500 sheets',
    quantity: 500,
    rate: '245.00',
    // Uncoated paper: 12 percent until GST 2.0, 18 percent from 2025-09-22 (9/2025-Central Tax (Rate)).
    tax_rate: '18',
    hsn_code: '4802',
    earlierRates: [{ until: '2025-09-21', tax_rate: '12' }],
  },
  {
    key: 'lamp',
    name: 'LED desk lamp',
    sku: 'ELE-LMP-09',
    type: 'product',
    description: '9 W, warm white',
    quantity: 60,
    rate: '1199.00',
    tax_rate: '18',
    hsn_code: '9405',
  },
  {
    key: 'install',
    name: 'Installation and setup',
    sku: 'SRV-INST',
    type: 'service',
    description: 'On-site visit',
    quantity: 0,
    rate: '1500.00',
    tax_rate: '18',
    hsn_code: '998719',
  },
];

export type DemoPayment = 'paid' | 'partial' | 'pending' | 'overdue';

export interface DemoInvoice {
  client: string;
  /** Financial year: 0 this one, -1 the last one. */
  fy: 0 | -1;
  /** Days after the start of that financial year (kept no later than today). */
  day: number;
  /** Days from the invoice date to the payment due date. */
  dueIn: number;
  payment: DemoPayment;
  /** Quantity per item key. */
  lines: Record<string, number>;
}

/** Invoices of this and the last financial year in every payment state. */
export const DEMO_INVOICES: DemoInvoice[] = [
  { client: 'sahyadri', fy: -1, day: 12, dueIn: 30, payment: 'paid', lines: { chair: 4, install: 1 } },
  { client: 'deccan', fy: -1, day: 58, dueIn: 30, payment: 'paid', lines: { paper: 40 } },
  { client: 'ananya', fy: -1, day: 103, dueIn: 15, payment: 'paid', lines: { lamp: 2 } },
  { client: 'chola', fy: -1, day: 171, dueIn: 45, payment: 'partial', lines: { chair: 6, lamp: 6 } },
  { client: 'sabarmati', fy: -1, day: 240, dueIn: 30, payment: 'overdue', lines: { paper: 25, install: 2 } },
  { client: 'periyar', fy: -1, day: 330, dueIn: 15, payment: 'paid', lines: { lamp: 8 } },
  { client: 'konkan', fy: 0, day: 5, dueIn: 30, payment: 'paid', lines: { paper: 60, chair: 2 } },
  { client: 'yamuna', fy: 0, day: 20, dueIn: 30, payment: 'partial', lines: { paper: 100 } },
  { client: 'hooghly', fy: 0, day: 34, dueIn: 7, payment: 'overdue', lines: { lamp: 10, install: 1 } },
  { client: 'rajesh', fy: 0, day: 48, dueIn: 10, payment: 'paid', lines: { chair: 1 } },
  { client: 'charminar', fy: 0, day: 400, dueIn: 30, payment: 'pending', lines: { chair: 3, install: 1 } },
  { client: 'pinkcity', fy: 0, day: 400, dueIn: 21, payment: 'pending', lines: { paper: 12, lamp: 3 } },
];

/** Description, amount, category, vendor, payment method, status, days before today and the client it is for, if any. */
type ExpenseRow = [string, string, string, string, string, string, number, string?];

const EXPENSE_ROWS: ExpenseRow[] = [
  ['Warehouse rent', '38000.00', 'Rent', 'Pawar Estates', 'bank_transfer', 'paid', 20],
  ['Broadband and phones', '2949.00', 'Communication & Internet', 'Airtel', 'upi', 'paid', 12],
  ['Courier to Chennai', '1180.50', 'Freight & Courier', 'Blue Dart', 'card', 'paid', 9, 'chola'],
  ['Accounting software', '4720.00', 'Software & Subscriptions', 'Tally Solutions', 'card', 'pending', 4],
  ['Site visit to Bengaluru', '6235.75', 'Travel & Accommodation', 'IndiGo', 'card', 'reimbursed', 30, 'deccan'],
];

export const DEMO_EXPENSES = EXPENSE_ROWS.map(([description, amount, category, vendor, method, status, daysAgo, client]) => ({
  body: {
    expense_description: description,
    expense_amount: amount,
    expense_category: category,
    vendor_name: vendor,
    payment_method: method,
    expense_status: status,
  },
  daysAgo,
  client,
}));

/** The invoice (or quotation) type for a client's place of supply: a sale within Maharashtra or to another state. */
export function saleType(clientState: string): 'local_sale' | 'interstate_sale' {
  return isIntraState(DEMO_STATE, clientState) ? 'local_sale' : 'interstate_sale';
}

/** The item's GST rate on a date: the earlier rate in force then, else today's. */
export function taxRateOn(item: DemoItem, date: string): string {
  return item.earlierRates?.find((r) => date <= r.until)?.tax_rate ?? item.tax_rate;
}

/** An invoice-style line priced from the item at its rate on `date`: tax split by the place of supply, amounts to the paisa. */
export function productLine(item: DemoItem, quantity: number, clientState: string, date: string) {
  const taxable = new Decimal(item.rate).times(quantity);
  const taxRate = taxRateOn(item, date);
  const tax = expectedLineTax(taxable.toFixed(2), taxRate, isIntraState(DEMO_STATE, clientState));
  return {
    item_description: item.name,
    hsn_code: item.hsn_code,
    quantity,
    rate: item.rate,
    tax_rate: taxRate,
    cgst_amount: tax.cgst,
    sgst_amount: tax.sgst,
    igst_amount: tax.igst,
    total_amount: money2(taxable.plus(tax.cgst).plus(tax.sgst).plus(tax.igst)),
  };
}

/** 'Y-m-d' plus `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The date `day` days into the financial year `fy` (0 this, -1 last) of `today`, never after `latest` (default today). */
export function dateInYear(today: string, fy: 0 | -1, day: number, latest = today): string {
  const date = addDays(`${fiscalYearOf(today) + fy}-04-01`, day);
  return date > latest ? latest : date;
}

/** Invoice and due dates: an overdue invoice falls due before today (early in a year it moves back). */
export function invoiceDates(today: string, invoice: DemoInvoice): { invoice_date: string; payment_due_date: string } {
  const latest = invoice.payment === 'overdue' ? addDays(today, -(invoice.dueIn + 1)) : today;
  const date = dateInYear(today, invoice.fy, invoice.day, latest);
  return { invoice_date: date, payment_due_date: addDays(date, invoice.dueIn) };
}
