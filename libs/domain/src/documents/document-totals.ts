import Decimal from 'decimal.js';
import { money2, sumMoney, toDecimal, MoneyInput } from '../shared/money';
import { DiscountType } from './document-enums';

/**
 * The sum of line `total_amount`s less a discount taken off after tax (a percentage of that sum, or a
 * fixed amount), never below zero: the total of documents stored before header discounts were shared
 * among the lines (document-gst.ts, applyGstToDocument), and, without a discount, of every document.
 * Receivable = total less TDS.
 */
export function documentTotal(lineTotals: MoneyInput[], discountType: DiscountType | null, discountValue: MoneyInput | null): string {
  const gross = toDecimal(sumMoney(lineTotals));
  let discount = new Decimal(0);
  if (discountType && discountValue !== null && discountValue !== undefined) {
    const value = toDecimal(discountValue);
    discount = discountType === 'percentage' ? gross.mul(value).div(100) : value;
  }
  const total = gross.minus(toDecimal(money2(discount)));
  return money2(Decimal.max(total, 0));
}

export function receivableAmount(total: MoneyInput, tdsAmount: MoneyInput | null): string {
  return money2(toDecimal(total).minus(tdsAmount === null || tdsAmount === undefined ? 0 : toDecimal(tdsAmount)));
}
