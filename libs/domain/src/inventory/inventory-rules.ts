import { DISCOUNT_TYPES, DiscountType } from '../documents/document-enums';
import { ValidationFailed } from '../shared/domain-error';
import { isMoneyLike, money2, toDecimal } from '../shared/money';
import { GST_RATE_RULE, isGstRate } from '../tax/gst-rates';
import { HSN_CODE_RULE, isHsnCode } from '../tax/tax-checks';
import { INVENTORY_TYPES, InventoryFields, InventoryType } from './inventory-item';

/** Fields as sent (trimmed); undefined means not sent. Types were checked at the edge. */
export interface InventoryInput {
  name?: string;
  sku?: string | null;
  barcodeType?: string | null;
  type?: string;
  description?: string | null;
  quantity?: number;
  rate?: number | string;
  discountType?: string | null;
  discountValue?: number | string | null;
  taxRate?: number | string | null;
  hsnCode?: string | null;
  lowStockThreshold?: number | null;
}

/** A PATCH: the fields, and the note of the adjustment movement a changed quantity records. */
export interface InventoryUpdate extends InventoryInput {
  note?: string;
}

/** Validates `input` merged over `base` (PATCH) and returns normalized fields, or a 400 keyed by field. */
export function buildInventoryFields(input: InventoryInput, base?: InventoryFields): InventoryFields {
  const errors: Record<string, string> = {};
  const has = (k: keyof InventoryInput) => input[k] !== undefined;

  const name = has('name') ? (input.name ?? '') : (base?.name ?? '');
  if (!name) errors.name = 'is required';

  const type = (has('type') ? input.type : (base?.type ?? 'product')) as InventoryType;
  if (!INVENTORY_TYPES.includes(type)) errors.type = 'must be product or service';

  let rate = base?.rate ?? '';
  if (has('rate') || !base) {
    if (input.rate === undefined || input.rate === null || (input.rate as unknown) === '') errors.rate = 'is required';
    else if (!isMoneyLike(input.rate) || toDecimal(input.rate).lte(0)) errors.rate = 'must be a positive amount with at most 2 decimals';
    else rate = money2(input.rate);
  }

  const quantity = has('quantity') ? input.quantity : (base?.quantity ?? 0);
  if (!Number.isInteger(quantity) || Math.abs(quantity as number) > 1_000_000_000) errors.quantity = 'must be a whole number';
  // The opening stock is a count of what is on hand; later the stock may go below zero (invoices, adjustments).
  else if (!base && (quantity as number) < 0) errors.quantity = 'must be at least 0 (the opening stock)';

  const discountType = (has('discountType') ? input.discountType || null : (base?.discountType ?? null)) as DiscountType | null;
  if (discountType && !DISCOUNT_TYPES.includes(discountType)) errors.discountType = 'must be percentage or fixed';
  const rawDiscount = has('discountValue') ? (input.discountValue ?? 0) : (base?.discountValue ?? 0);
  let discountValue = '0.00';
  if (!isMoneyLike(rawDiscount) || toDecimal(rawDiscount).lt(0)) errors.discountValue = 'must be a non-negative amount';
  else {
    discountValue = money2(rawDiscount);
    if (discountType === 'percentage' && toDecimal(rawDiscount).gt(100)) errors.discountValue = 'must be at most 100 for a percentage';
  }

  const rawTax = has('taxRate') ? (input.taxRate ?? 0) : (base?.taxRate ?? 0);
  let taxRate = '0.000';
  const tax = Number(rawTax);
  if (typeof rawTax === 'boolean' || !Number.isFinite(tax) || tax < 0 || tax > 100 || !/^\d+(\.\d{1,3})?$/.test(String(rawTax))) {
    errors.taxRate = 'must be a percentage from 0 to 100 with at most 3 decimals';
  } else if (has('taxRate') && !isGstRate(String(rawTax))) {
    // Checked when sent: an item stored before the rule keeps its rate through a PATCH of other fields.
    errors.taxRate = GST_RATE_RULE;
  } else taxRate = tax.toFixed(3);

  const hsnCode = has('hsnCode') ? (input.hsnCode ?? '') : (base?.hsnCode ?? '');
  if (has('hsnCode') && hsnCode && !isHsnCode(hsnCode)) errors.hsnCode = HSN_CODE_RULE;

  const lowStockThreshold = has('lowStockThreshold') ? (input.lowStockThreshold ?? null) : (base?.lowStockThreshold ?? null);
  if (lowStockThreshold !== null && (!Number.isInteger(lowStockThreshold) || lowStockThreshold < 0 || lowStockThreshold > 1_000_000_000)) {
    errors.lowStockThreshold = 'must be a whole number from 0 or null';
  }

  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return {
    name,
    sku: has('sku') ? (input.sku ?? '') : (base?.sku ?? ''),
    barcodeType: has('barcodeType') ? (input.barcodeType ?? '') : (base?.barcodeType ?? ''),
    type,
    description: has('description') ? (input.description ?? '') : (base?.description ?? ''),
    // Services keep no stock.
    quantity: type === 'service' ? 0 : (quantity as number),
    rate,
    discountType,
    discountValue,
    taxRate,
    hsnCode,
    lowStockThreshold,
  };
}
