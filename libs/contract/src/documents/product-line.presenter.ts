import { ProductLine } from '@app/domain/documents/product-lines';
import { toNumber2 } from '@app/domain/shared/money';

/** An exact decimal string from the database as a JSON number (quantities and rates keep 3 decimals). */
export function decimalNumber(value: string): number {
  return Number(value);
}

export function nullableMoney(value: string | null): number | null {
  return value === null ? null : toNumber2(value);
}

/** Lines in item_id order, each carrying its parent id (`invoice_id`, `quotation_id`, ...). */
export function presentLines(lines: ProductLine[], parentKey: string, parentId: number, opts: { inventory: boolean }) {
  return lines.map((line) => ({
    item_id: line.id,
    [parentKey]: parentId,
    item_description: line.description,
    hsn_code: line.hsnCode,
    quantity: decimalNumber(line.quantity),
    rate: toNumber2(line.rate),
    tax_rate: decimalNumber(line.taxRate),
    cgst_amount: toNumber2(line.cgstAmount),
    sgst_amount: toNumber2(line.sgstAmount),
    igst_amount: toNumber2(line.igstAmount),
    total_amount: toNumber2(line.totalAmount),
    discount_type: line.discountType,
    discount_value: nullableMoney(line.discountValue),
    ...(opts.inventory ? { inventory_id: line.inventoryId } : {}),
    unit: line.unit,
    taxable_value: nullableMoney(line.taxableValue),
    header_discount: nullableMoney(line.headerDiscount),
    cess_rate: line.cessRate === null || line.cessRate === undefined ? null : decimalNumber(line.cessRate),
    cess_amount: toNumber2(line.cessAmount ?? '0'),
  }));
}
