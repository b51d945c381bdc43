import type { ClientInput } from '../clients/client-rules';
import type { InvoiceInput } from '../invoices/invoice-rules';
import type { ProductLineInput } from '../documents/product-lines';
import type { NoteLineInput } from '../notes/note';
import { ValidationFailed } from '../shared/domain-error';
import { kolkataDate } from '../shared/fiscal-year';
import { money2, sumMoney, toDecimal } from '../shared/money';
import { validateGstin } from '../tax/gstin';
import { GST_STATES } from '../tax/states';
import { SkuMatch } from './storefront.ports';

/**
 * An order of the shop as this service reads it (docs/storefront.md, "Orders"): the common shape of shop
 * platforms' admin APIs. Everything is read defensively; what is missing falls back or fails the event with
 * a reason.
 */
type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const amount = (v: unknown): string => {
  try {
    return typeof v === 'string' || typeof v === 'number' ? toDecimal(v).toFixed() : '0';
  } catch {
    return '0';
  }
};

/** The shop's id of an order, refund or line (a number or a numeric string); null when missing. */
export function externalId(v: unknown): string | null {
  const id = text(v);
  return /^[A-Za-z0-9_:.-]{1,64}$/.test(id) ? id : null;
}

/** ISO 3166-2:IN subdivision codes (as shops send `province_code`) to GST state codes. */
const PROVINCE_CODES: Record<string, string> = {
  AN: '35', AP: '37', AR: '12', AS: '18', BR: '10', CH: '04', CT: '22', CG: '22', DN: '26', DH: '26', DD: '26', DL: '07',
  GA: '30', GJ: '24', HR: '06', HP: '02', JK: '01', JH: '20', KA: '29', KL: '32', LA: '38', LD: '31', MP: '23', MH: '27',
  MN: '14', ML: '17', MZ: '15', NL: '13', OR: '21', OD: '21', PY: '34', PB: '03', RJ: '08', SK: '11', TN: '33', TG: '36',
  TS: '36', TR: '16', UP: '09', UT: '05', UK: '05', WB: '19',
}; // prettier-ignore

/** The GST state code of an address (`province_code` such as MH or IN-MH, else the state's name); null when unknown. */
export function stateOfAddress(address: unknown): string | null {
  const a = obj(address);
  const country = text(a.country_code).toUpperCase();
  if (country && country !== 'IN') return null;
  const code = text(a.province_code).toUpperCase().replace(/^IN-/, '');
  if (PROVINCE_CODES[code]) return PROVINCE_CODES[code];
  const name = text(a.province).toLowerCase();
  if (!name) return null;
  const found = Object.entries(GST_STATES).find(([, n]) => n.toLowerCase() === name);
  return found ? found[0] : null;
}

export interface OrderContext {
  /** The business's GST state (its settings, else its GSTIN). */
  businessState: string | null;
  /** Inventory items of the account by SKU. */
  inventory: Map<string, SkuMatch>;
  defaultHsn: string;
  shippingHsn: string;
  /** Today in Asia/Kolkata (the invoice date when the order has none). */
  today: string;
}

export interface MappedOrder {
  orderId: string;
  client: ClientInput;
  invoice: InvoiceInput & { items: ProductLineInput[] };
  /** Whether tax went to IGST (inter-state) rather than CGST + SGST. */
  interState: boolean;
}

interface TaxOf {
  rate: string;
  amount: string;
}

/** The summed rate (tax lines send a fraction: 0.18) as a percentage, and the summed amount. */
function taxOf(taxLines: unknown): TaxOf {
  const lines = list(taxLines).map(obj);
  const rate = lines.reduce((sum, l) => sum.plus(toDecimal(amount(l.rate))), toDecimal(0)).times(100);
  return { rate: rate.toDecimalPlaces(3).toFixed(), amount: sumMoney(lines.map((l) => amount(l.price))) };
}

function splitTax(tax: string, interState: boolean) {
  if (interState) return { cgstAmount: '0.00', sgstAmount: '0.00', igstAmount: money2(tax) };
  const half = money2(toDecimal(tax).div(2));
  return { cgstAmount: half, sgstAmount: money2(toDecimal(tax).minus(half)), igstAmount: '0.00' };
}

/**
 * Business date of a shop timestamp (ISO 8601 with offset), or null when it is not one (or names an instant past
 * what a Date holds). A date outside the years the service takes is kept: the document's checks refuse it.
 */
function dateOf(value: unknown): string | null {
  const t = Date.parse(text(value));
  if (!Number.isFinite(t)) return null;
  try {
    return kolkataDate(new Date(t));
  } catch {
    return null;
  }
}

/** The skus an order's lines carry (for one inventory lookup). */
export function skusOf(order: unknown): string[] {
  return [
    ...new Set(
      list(obj(order).line_items)
        .map((l) => text(obj(l).sku))
        .filter(Boolean),
    ),
  ];
}

/** The client the order's customer becomes (through the duplicate rules of clients). */
function clientOf(order: Json, shippingState: string | null): ClientInput {
  const customer = obj(order.customer);
  const billing = obj(order.billing_address);
  const shipping = obj(order.shipping_address);
  const address = Object.keys(billing).length ? billing : shipping;
  const fullName = (a: Json) => text(a.name) || [text(a.first_name), text(a.last_name)].filter(Boolean).join(' ');
  const email = text(order.email) || text(customer.email);
  const name = text(billing.company) || fullName(address) || fullName(customer) || email;
  const phone = text(address.phone) || text(customer.phone) || text(order.phone);
  const taxId = text(billing.company_tax_id || billing.tax_id).toUpperCase();
  const gstin = taxId && validateGstin(taxId).ok ? taxId : null;
  const lines = [address.address1, address.address2, address.city, address.province, address.zip, address.country].map(text).filter(Boolean);
  return {
    name: name.slice(0, 255),
    phone,
    email,
    address: lines.length ? lines.join(', ').slice(0, 1000) : null,
    gstin,
    stateCode: gstin ? undefined : (stateOfAddress(address) ?? shippingState),
  };
}

/** Payment status and paid amount from the order's financial status. */
function paymentOf(order: Json, total: string): Pick<InvoiceInput, 'paymentStatus' | 'paidAmount'> {
  switch (text(order.financial_status)) {
    case 'paid':
    case 'refunded':
    case 'partially_refunded':
      return { paymentStatus: 'paid' };
    case 'partially_paid': {
      const outstanding = order.total_outstanding === undefined ? null : toDecimal(amount(order.total_outstanding));
      const paid = outstanding === null ? null : toDecimal(total).minus(outstanding);
      return paid && paid.gt(0) && paid.lt(total) ? { paymentStatus: 'partial', paidAmount: money2(paid) } : { paymentStatus: 'pending' };
    }
    default:
      return { paymentStatus: 'pending' };
  }
}

/**
 * The client and invoice an order becomes: one line per line item (HSN of the inventory item with the
 * same SKU, else the default; stock moved for those items), shipping as a line, the tax of each line from
 * its tax lines as CGST + SGST when the shipping state is the business's and IGST otherwise (by the tax
 * lines' titles when either state is unknown), the payment status from the financial status.
 */
export function mapOrder(payload: unknown, ctx: OrderContext): MappedOrder {
  const order = obj(payload);
  const orderId = externalId(order.id);
  if (!orderId) throw ValidationFailed.field('id', 'the order has no id');
  const shippingState = stateOfAddress(order.shipping_address) ?? stateOfAddress(order.billing_address);
  const titles = [...list(order.tax_lines), ...list(order.line_items).flatMap((l) => list(obj(l).tax_lines))].map((t) => text(obj(t).title).toUpperCase());
  const interState = shippingState && ctx.businessState ? shippingState !== ctx.businessState : titles.some((t) => t.includes('IGST'));
  const taxesIncluded = order.taxes_included === true;

  const items: ProductLineInput[] = [];
  for (const raw of list(order.line_items)) {
    const line = obj(raw);
    const quantity = toDecimal(amount(line.quantity));
    if (quantity.lte(0)) continue;
    const sku = text(line.sku);
    const match = sku ? ctx.inventory.get(sku) : undefined;
    const discount =
      line.total_discount !== undefined ? amount(line.total_discount) : sumMoney(list(line.discount_allocations).map((d) => amount(obj(d).amount)));
    const tax = taxOf(line.tax_lines);
    const gross = toDecimal(amount(line.price)).times(quantity).minus(discount);
    const taxable = taxesIncluded ? gross.minus(tax.amount) : gross;
    items.push({
      itemDescription: (text(line.title) + (text(line.variant_title) ? ` (${text(line.variant_title)})` : '') || sku || 'Item').slice(0, 1000),
      hsnCode: (match?.hsnCode || ctx.defaultHsn).slice(0, 20),
      quantity: quantity.toFixed(),
      rate: money2(taxable.div(quantity)),
      taxRate: tax.rate,
      ...splitTax(tax.amount, !!interState),
      totalAmount: money2(taxable.plus(tax.amount)),
      inventoryId: match && quantity.isInteger() ? match.id : null,
    });
  }
  for (const raw of list(order.shipping_lines)) {
    const line = obj(raw);
    const tax = taxOf(line.tax_lines);
    const price = toDecimal(amount(line.discounted_price ?? line.price));
    if (price.lte(0)) continue;
    const taxable = taxesIncluded ? price.minus(tax.amount) : price;
    items.push({
      itemDescription: `Shipping${text(line.title) ? `: ${text(line.title)}` : ''}`.slice(0, 1000),
      hsnCode: ctx.shippingHsn,
      quantity: '1',
      rate: money2(taxable),
      taxRate: tax.rate,
      ...splitTax(tax.amount, !!interState),
      totalAmount: money2(taxable.plus(tax.amount)),
    });
  }
  if (!items.length) throw ValidationFailed.field('line_items', 'the order has no lines');

  const total = sumMoney(items.map((i) => String(i.totalAmount)));
  const date = dateOf(order.created_at ?? order.processed_at) ?? ctx.today;
  const payment = paymentOf(order, total);
  const name = text(order.name);
  return {
    orderId,
    interState: !!interState,
    client: clientOf(order, shippingState),
    invoice: {
      invoiceDate: date,
      paymentDueDate: date,
      currency: text(order.currency) || null,
      ...payment,
      paymentDate: payment.paymentStatus === 'paid' || payment.paymentStatus === 'partial' ? date : null,
      declarationText: `Storefront order ${name || orderId}`,
      items,
    },
  };
}

export interface MappedRefund {
  refundId: string;
  orderId: string;
  date: string | null;
  reason: string | null;
  items: NoteLineInput[];
}

/** A refund: the refunded lines with their amounts (line subtotal + tax), else the refunded transactions' sum. */
export function mapRefund(payload: unknown): MappedRefund {
  const refund = obj(payload);
  const refundId = externalId(refund.id);
  const orderId = externalId(refund.order_id);
  if (!refundId) throw ValidationFailed.field('id', 'the refund has no id');
  if (!orderId) throw ValidationFailed.field('order_id', 'the refund has no order id');
  const date = dateOf(refund.created_at);
  const items: NoteLineInput[] = list(refund.refund_line_items).map((raw) => {
    const line = obj(raw);
    const item = obj(line.line_item);
    const qty = text(line.quantity) || '1';
    return {
      description: `Refund: ${text(item.title) || text(item.sku) || `line ${text(line.line_item_id)}`} × ${qty}`.slice(0, 1000),
      amount: money2(toDecimal(amount(line.subtotal)).plus(amount(line.total_tax))),
      expenseDate: date,
    };
  });
  for (const raw of list(refund.order_adjustments)) {
    const adj = obj(raw);
    const value = toDecimal(amount(adj.amount)).plus(amount(adj.tax_amount)).abs();
    if (value.gt(0)) items.push({ description: `Refund: ${text(adj.reason) || 'adjustment'}`.slice(0, 1000), amount: money2(value), expenseDate: date });
  }
  if (!items.length) {
    const refunded = sumMoney(
      list(refund.transactions)
        .map(obj)
        .filter((t) => text(t.kind) === 'refund' || !t.kind)
        .map((t) => amount(t.amount)),
    );
    if (toDecimal(refunded).gt(0)) items.push({ description: 'Refund', amount: refunded, expenseDate: date });
  }
  if (!items.length) throw ValidationFailed.field('refund_line_items', 'the refund has no lines or amounts');
  return { refundId, orderId, date, reason: text(refund.note).slice(0, 500) || null, items };
}
