import Decimal from 'decimal.js';
import { money2, toDecimal } from '../shared/money';

/** What an advance is received for: goods (no GST on the advance) or services (GST due on it). */
export const ADVANCE_SUPPLIES = ['goods', 'services'] as const;
export type AdvanceSupply = (typeof ADVANCE_SUPPLIES)[number];

/** CGST rule 50, proviso (i): where the rate of tax is not determinable when the advance is received, 18%. */
export const UNDETERMINED_ADVANCE_RATE = '18';

/** A line of an invoice that tells what the client is supplied: its HSN or SAC code and its rate. */
export interface SupplyLine {
  hsnCode: string;
  taxRate: string;
}

/** What the account's records say of a receipt: see AdvanceFactsReader. */
export interface AdvanceFacts {
  /** What the payment settled of invoices and debit notes dated on or before its date (bills, not advances). */
  settledBills: string;
  /** Lines of the invoices the advance was applied to, else of the client's latest issued invoice (may be empty). */
  lines: SupplyLine[];
  /** Where `lines` come from. */
  linesFrom: 'applied' | 'latest_invoice' | null;
  /** The account's inventory items by type. */
  inventory: { products: number; services: number };
}

/** A code of chapter 99 is a SAC (services); other HSN codes are goods; an empty code says nothing. */
export function natureOfCode(code: string): AdvanceSupply | null {
  const digits = code.replace(/\s+/g, '');
  if (!digits) return null;
  return digits.startsWith('99') ? 'services' : 'goods';
}

export interface AdvanceNature {
  supply: AdvanceSupply;
  rate: string;
  /** Why: printed on the voucher and documented in docs/receivables.md. */
  basis: string;
}

const highestRate = (lines: SupplyLine[]) =>
  lines.length
    ? lines
        .map((l) => toDecimal(l.taxRate))
        .reduce((a, b) => Decimal.max(a, b))
        .toString()
    : null;

/**
 * What the advance is for and at which rate, in this order: what the request says (`supply`, `tax_rate`); the lines
 * of the invoices the advance was applied to, else of the client's latest issued invoice (services when any line
 * carries a SAC, goods when the lines carry HSN codes of goods only; the highest rate of those lines); the
 * account's inventory (services when it holds services and no products, goods for products only); otherwise the
 * nature is not determinable and the voucher is made as for services at 18% (rule 50, proviso (i)), so tax that may
 * be due is never left off a voucher: a seller of goods says `supply=goods`.
 */
export function advanceNature(facts: AdvanceFacts, requested: { supply?: AdvanceSupply; taxRate?: string }): AdvanceNature {
  const coded = facts.lines.filter((l) => natureOfCode(l.hsnCode) !== null);
  let supply: AdvanceSupply;
  let basis: string;
  if (requested.supply) {
    supply = requested.supply;
    basis = 'as stated for this voucher';
  } else if (coded.length) {
    supply = coded.some((l) => natureOfCode(l.hsnCode) === 'services') ? 'services' : 'goods';
    basis = facts.linesFrom === 'applied' ? 'from the invoices the advance was applied to' : "from the client's latest invoice";
  } else if (facts.inventory.services > 0 && facts.inventory.products === 0) {
    [supply, basis] = ['services', 'the business supplies services only'];
  } else if (facts.inventory.products > 0 && facts.inventory.services === 0) {
    [supply, basis] = ['goods', 'the business supplies goods only'];
  } else {
    [supply, basis] = ['services', 'not determinable: treated as services (CGST rule 50)'];
  }
  const sameNature = coded.filter((l) => natureOfCode(l.hsnCode) === supply);
  const rate = requested.taxRate ?? highestRate(sameNature) ?? UNDETERMINED_ADVANCE_RATE;
  return { supply, rate: toDecimal(rate).toString(), basis };
}

export interface AdvanceTax {
  /** The advance less the tax in it. */
  taxableValue: string;
  cgst: string;
  sgst: string;
  igst: string;
  totalTax: string;
}

/**
 * The GST included in a tax-inclusive advance: tax = advance x rate / (100 + rate), rounded half-up to the paisa;
 * within a state CGST is half of it (rounded half-up) and SGST the rest, so the two add up to the tax exactly.
 */
export function advanceTax(amount: string, rate: string, intraState: boolean): AdvanceTax {
  const advance = toDecimal(amount);
  const r = toDecimal(rate);
  const tax = advance.mul(r).div(r.plus(100)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const cgst = intraState ? tax.div(2).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : new Decimal(0);
  const sgst = intraState ? tax.minus(cgst) : new Decimal(0);
  return {
    taxableValue: money2(advance.minus(tax)),
    cgst: money2(cgst),
    sgst: money2(sgst),
    igst: money2(intraState ? 0 : tax),
    totalTax: money2(tax),
  };
}
