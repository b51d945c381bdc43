import Decimal from 'decimal.js';
import { money2, sumMoney, toDecimal, MoneyInput } from '../shared/money';
import { DiscountType } from './document-enums';

/**
 * The document total: the sum of line `total_amount`s less the header discount (a percentage of
 * that sum, or a fixed amount), never below zero. Receivable = total less TDS.
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
