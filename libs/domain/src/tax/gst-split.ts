import Decimal from 'decimal.js';
import { divideRoundingHalfUp, MoneyInput, money2, paiseOf, paiseText, pow10, scaledOf, toDecimal } from '../shared/money';
import { normalizeStateCode } from './states';

export interface LineTax {
  cgst: string;
  sgst: string;
  igst: string;
}

/**
 * The tax a line should carry (IGST Act sections 7 and 8). Intra-state: CGST and SGST each at half the
 * rate, each rounded half-up to paise, so CGST always equals SGST (their sum may differ by 0.01 from the
 * full rate rounded once). Inter-state: IGST at the full rate. Lines store what callers send; use this to
 * check them (a difference above 0.01 is suspicious) and to split tax on the PDF.
 */
export function expectedLineTax(taxable: MoneyInput, ratePercent: MoneyInput, intraState: boolean): LineTax {
  const fast = lineTaxInPaise(taxable, ratePercent, intraState);
  if (fast !== null) {
    const text = paiseText(fast);
    return intraState ? { cgst: text, sgst: text, igst: '0.00' } : { cgst: '0.00', sgst: '0.00', igst: text };
  }
  const base = toDecimal(taxable);
  const rate = toDecimal(ratePercent);
  if (intraState) {
    const half = money2(base.times(rate).div(200).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
    return { cgst: half, sgst: half, igst: '0.00' };
  }
  return { cgst: '0.00', sgst: '0.00', igst: money2(base.times(rate).div(100)) };
}

/**
 * expectedLineTax in whole paise when the taxable value is a plain amount (paiseOf) and the rate a plain decimal
 * (scaledOf), and their product stays exact in a double; otherwise null (decimal.js). paise x rate / 100 for IGST,
 * paise x rate / 200 for each of CGST and SGST, rounded half-up once, as the decimal way rounds.
 */
function lineTaxInPaise(taxable: MoneyInput, ratePercent: MoneyInput, intraState: boolean): number | null {
  const base = typeof taxable === 'string' ? paiseOf(taxable) : null;
  const rate = scaledOf(ratePercent);
  if (base === null || !rate || rate.scale > 12) return null;
  const product = base * rate.units;
  if (!Number.isSafeInteger(product)) return null;
  return divideRoundingHalfUp(product, (intraState ? 200 : 100) * pow10(rate.scale)) + 0;
}

/**
 * True when the supplier's state (first two digits of its GSTIN) and the place of supply are known and
 * equal, or when either is unknown (the common case of a local sale without a recorded state). Codes
 * are compared in two-digit form ('7' equals '07').
 */
export function isIntraState(supplierStateCode: string | null, placeOfSupplyCode: string | null): boolean {
  const supplier = normalizeStateCode(supplierStateCode);
  const place = normalizeStateCode(placeOfSupplyCode);
  if (supplier === null || place === null) return true;
  return supplier === place;
}
