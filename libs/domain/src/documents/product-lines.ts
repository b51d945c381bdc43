import { toDecimal, MoneyInput } from '../shared/money';
import { DISCOUNT_TYPES, DiscountType } from './document-enums';
import { followsTaxRule, GstProductLine, unitValue } from './document-gst';
import { FieldErrors } from './sales-document-fields';
import { GST_RATE_RULE, isGstRate } from '../tax/gst-rates';
import { HSN_CODE_RULE, isHsnCode } from '../tax/tax-checks';
import { CESS_RATE_RULE, isCessRate } from '../tax/cess';

/**
 * Invoice-style lines (invoices, quotations, proforma invoices). Amounts are stored as sent when sent; a
 * line that leaves out every amount (CGST, SGST, IGST and total) gets them computed by the tax engine
 * (see document-gst.ts).
 */
export interface ProductLineInput {
  itemDescription?: unknown;
  hsnCode?: string | number | null;
  quantity?: MoneyInput | null;
  rate?: MoneyInput | null;
  taxRate?: MoneyInput | null;
  cgstAmount?: MoneyInput | null;
  sgstAmount?: MoneyInput | null;
  igstAmount?: MoneyInput | null;
  totalAmount?: MoneyInput | null;
  discountType?: string | null;
  discountValue?: MoneyInput | null;
  inventoryId?: number | null;
  /** Unit quantity code (UQC) of the quantity, e.g. NOS, KGS. */
  unit?: string | null;
  /** Compensation cess rate in percent (ad valorem); absent or null: none. */
  cessRate?: MoneyInput | null;
  /** Compensation cess of the line; computed from `cessRate` when absent, else stored as sent and checked. */
  cessAmount?: MoneyInput | null;
}

/** A line as written. Decimals are exact decimal strings ('2.5', '118.00'). */
export interface ProductLineValues extends GstProductLine {
  description: string;
  hsnCode: string;
  inventoryId: number | null;
  /** Unit quantity code (UQC), e.g. 'NOS'; null when none. */
  unit: string | null;
}

/** A stored line; read order is by `id` (item_id). */
export interface ProductLine extends ProductLineValues {
  id: number;
}

const AMOUNT_FIELDS = ['quantity', 'rate', 'taxRate', 'cgstAmount', 'sgstAmount', 'igstAmount', 'totalAmount'] as const;

/** True when the line has a description that is not blank after trimming; other lines are dropped. */
export function hasDescription(line: unknown): line is ProductLineInput & { itemDescription: string } {
  if (!line || typeof line !== 'object') return false;
  const description = (line as ProductLineInput).itemDescription;
  return typeof description === 'string' && description.trim() !== '';
}

/** A decimal in the form decimal.js's toFixed() writes it: no '+', no leading or trailing zeros, no exponent. */
const NORMAL_DECIMAL = /^-?(?:0|[1-9]\d{0,20})(?:\.\d{0,19}[1-9])?$/;

/** Exact decimal text of a number as sent, or null when it is not a finite number. */
export function decimalText(value: MoneyInput): string | null {
  // The common plain forms ('1250', '6502.5', 18) already are what toFixed() writes: no Decimal needed.
  const plain = typeof value === 'number' ? (Number.isFinite(value) && value !== 0 ? String(value) : null) : value;
  if (typeof plain === 'string' && NORMAL_DECIMAL.test(plain) && plain !== '-0') return plain;
  try {
    return toDecimal(value).toFixed();
  } catch {
    return null;
  }
}

/**
 * Checks a discount pair (a line's or the header's): the type must be `percentage` or `fixed`, the value
 * a non-negative number, a percentage at most 100. `prefix` is '' for the header, 'items.3.' for a line.
 */
export function checkDiscount(
  type: string | null | undefined,
  value: MoneyInput | null | undefined,
  errors: FieldErrors,
  prefix = '',
): { discountType: DiscountType | null; discountValue: string | null } {
  const discountType = type === undefined || type === null || type === '' ? null : type;
  if (discountType !== null && !(DISCOUNT_TYPES as readonly string[]).includes(discountType)) {
    errors.add(`${prefix}discountType`, `must be one of ${DISCOUNT_TYPES.join(', ')}`);
  }
  let discountValue: string | null = null;
  if (value !== undefined && value !== null && value !== '') {
    discountValue = decimalText(value);
    if (discountValue === null || toDecimal(discountValue).isNeg()) {
      errors.add(`${prefix}discountValue`, 'must be a non-negative number');
      discountValue = null;
    } else if (discountType === 'percentage' && toDecimal(discountValue).gt(100)) {
      errors.add(`${prefix}discountValue`, 'must be at most 100 for a percentage discount');
    }
  }
  return { discountType: discountType as DiscountType | null, discountValue };
}

/** The amounts whose absence (all of them) lets the tax engine compute a line. */
const COMPUTED_FIELDS = ['cgstAmount', 'sgstAmount', 'igstAmount', 'totalAmount'] as const;

const isAbsent = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The lines to store from the `items` sent: a line whose description is missing or blank is dropped
 * silently; the others keep their order and their amounts as sent (missing amounts are 0). Problems are
 * keyed `items.<index>.<field>` with the index in the array as sent. `inventory` is false for
 * quotations and proforma invoices, whose lines carry no inventory link. `omitted`, when given, gets one
 * flag per kept line: true when the line sent none of its tax amounts and total (the engine computes them).
 */
export function buildProductLines(items: unknown[], errors: FieldErrors, opts: { inventory: boolean; omitted?: boolean[] }): ProductLineValues[] {
  const lines: ProductLineValues[] = [];
  items.forEach((item, index) => {
    if (!hasDescription(item)) return;
    const prefix = `items.${index}.`;
    const description = item.itemDescription.trim();
    if (description.length > 1000) errors.add(`${prefix}itemDescription`, 'must be at most 1000 characters');
    const hsn = item.hsnCode === undefined || item.hsnCode === null ? '' : String(item.hsnCode).trim();
    if (hsn !== '' && !isHsnCode(hsn)) errors.add(`${prefix}hsnCode`, HSN_CODE_RULE);
    const amounts = {} as Record<(typeof AMOUNT_FIELDS)[number], string>;
    for (const field of AMOUNT_FIELDS) {
      const sent = item[field];
      const text = sent === undefined || sent === null || sent === '' ? '0' : decimalText(sent);
      if (text === null) errors.add(`${prefix}${field}`, 'must be a number');
      amounts[field] = text ?? '0';
    }
    if (!isGstRate(amounts.taxRate)) errors.add(`${prefix}taxRate`, GST_RATE_RULE);
    const discount = checkDiscount(item.discountType, item.discountValue, errors, prefix);
    const inventoryId = opts.inventory && typeof item.inventoryId === 'number' ? item.inventoryId : null;
    const unit = unitValue(item.unit, `${prefix}unit`, errors);
    const cess = cessValues(item, errors, prefix);
    opts.omitted?.push(COMPUTED_FIELDS.every((f) => isAbsent(item[f])));
    lines.push({ description, hsnCode: hsn, ...amounts, ...discount, inventoryId, unit, taxableValue: null, headerDiscount: null, ...cess });
  });
  return lines;
}

/**
 * A line's cess as sent: `cessRate` a percentage from 0 to CESS_RATE_MAX with at most 3 decimals (null when absent),
 * `cessAmount` a non-negative amount (null when absent: the tax rule computes it from the rate).
 */
function cessValues(item: ProductLineInput, errors: FieldErrors, prefix: string): { cessRate: string | null; cessAmount: string | null } {
  let cessRate: string | null = null;
  if (!isAbsent(item.cessRate)) {
    cessRate = decimalText(item.cessRate);
    if (cessRate === null || !isCessRate(cessRate)) {
      errors.add(`${prefix}cessRate`, CESS_RATE_RULE);
      cessRate = null;
    }
  }
  let cessAmount: string | null = null;
  if (!isAbsent(item.cessAmount)) {
    cessAmount = decimalText(item.cessAmount);
    if (cessAmount === null || toDecimal(cessAmount).isNeg()) {
      errors.add(`${prefix}cessAmount`, 'must be a non-negative number');
      cessAmount = null;
    }
  }
  return { cessRate, cessAmount };
}

/**
 * The lines a create or PATCH writes: the `items` sent, checked by `buildProductLines`; when `items` is
 * absent or null, none on create (or `items: is required` when `required`), and null on PATCH, which
 * keeps the stored lines.
 */
export function sentLines(
  items: unknown,
  errors: FieldErrors,
  opts: { inventory: boolean; creating: boolean; required?: boolean; omitted?: boolean[] },
): ProductLineValues[] | null {
  if (items !== undefined && items !== null) {
    if (Array.isArray(items)) return buildProductLines(items, errors, { inventory: opts.inventory, omitted: opts.omitted });
    errors.add('items', 'must be an array of line items');
  } else if (opts.creating) {
    if (!opts.required) return [];
    errors.add('items', 'is required');
  }
  return null;
}

/** The fields of a stored line, as a line input (used to copy lines into a new document). */
export function lineAsInput(line: ProductLineValues): ProductLineInput {
  return {
    itemDescription: line.description,
    hsnCode: line.hsnCode,
    quantity: line.quantity,
    rate: line.rate,
    taxRate: line.taxRate,
    cgstAmount: line.cgstAmount,
    sgstAmount: line.sgstAmount,
    igstAmount: line.igstAmount,
    totalAmount: line.totalAmount,
    discountType: line.discountType,
    discountValue: line.discountValue,
    inventoryId: line.inventoryId,
    unit: line.unit,
    cessRate: line.cessRate ?? null,
    cessAmount: line.cessAmount ?? null,
  };
}

/**
 * The lines of a stored document as the lines of a new one made from it (a quotation or proforma invoice made into
 * an invoice), each as `lineAsInput` gives it. Lines stored before header discounts were shared among the lines
 * (`headerDiscount` null) of a document with a header discount carry tax on their value before that discount: those
 * whose amounts follow the tax rule are given without them, so that the new document computes them on the value after
 * the discount; lines sent with other amounts keep them (and the new document's tax warnings say where).
 */
export function linesAsInput(lines: ProductLineValues[], discount: { discountType: string | null; discountValue: string | null }): ProductLineInput[] {
  const discounted = discount.discountType !== null && discount.discountValue !== null && !toDecimal(discount.discountValue).isZero();
  return lines.map((line) => {
    const input = lineAsInput(line);
    if (!discounted || (line.headerDiscount !== null && line.headerDiscount !== undefined) || !followsTaxRule(line)) return input;
    const { cgstAmount: _c, sgstAmount: _s, igstAmount: _i, totalAmount: _t, cessAmount: cess, ...rest } = input;
    // The cess of a rate is computed anew with the tax; a cess without a rate stays as it was.
    return line.cessRate !== null && line.cessRate !== undefined ? rest : { ...rest, cessAmount: cess };
  });
}

/** The values of stored lines, without their ids. */
export function lineValues(lines: ProductLine[]): ProductLineValues[] {
  return lines.map(({ id: _id, ...values }) => values);
}

export function lineTotals(lines: Array<Pick<ProductLineValues, 'totalAmount'>>): string[] {
  return lines.map((l) => l.totalAmount);
}
