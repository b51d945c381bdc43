import { exactOf, MoneyInput, moneyText, shifted, times } from '../shared/money';
import { normalizeStateCode } from './states';

export interface LineTax {
  cgst: string;
  sgst: string;
  igst: string;
}

const FIVE = exactOf(5);

/**
 * The tax a line should carry (IGST Act sections 7 and 8). Intra-state: CGST and SGST each at half the
 * rate, each rounded half-up to paise, so CGST always equals SGST (their sum may differ by 0.01 from the
 * full rate rounded once). Inter-state: IGST at the full rate. Lines store what callers send; use this to
 * check them (a difference above 0.01 is suspicious) and to split tax on the PDF.
 */
export function expectedLineTax(taxable: MoneyInput, ratePercent: MoneyInput, intraState: boolean): LineTax {
  // taxable x rate / 100 for IGST; for CGST and SGST each, taxable x rate / 200 (x 5 / 1000), rounded once.
  const tax = times(exactOf(taxable), exactOf(ratePercent));
  if (intraState) {
    const half = moneyText(shifted(times(tax, FIVE), 3));
    return { cgst: half, sgst: half, igst: '0.00' };
  }
  return { cgst: '0.00', sgst: '0.00', igst: moneyText(shifted(tax, 2)) };
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
