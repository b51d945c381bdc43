import Decimal from 'decimal.js';
import { Client } from '../clients/client';
import { DocumentLineView, DocumentView } from '../documents/document-view';
import { money2, sumMoney, toDecimal } from '../shared/money';
import { isForeignCurrency, toRupees } from '../tax/exchange-rate';
import { countryName } from '../tax/countries';
import { SourceDocument, SourceProductLine } from './source-document';

/** 2025-08-05 -> 05-08-2025, the form Indian invoices print. */
export function displayDate(date: string | null): string | null {
  if (!date) return null;
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

/** Taxable value of a line: quantity x rate less the line discount (percentage of it or a fixed amount). */
export function lineTaxable(line: Pick<SourceProductLine, 'quantity' | 'rate' | 'discountType' | 'discountValue'>): {
  gross: Decimal;
  discount: Decimal;
  taxable: Decimal;
} {
  const gross = toDecimal(line.quantity).mul(toDecimal(line.rate));
  const value = line.discountValue ? toDecimal(line.discountValue) : new Decimal(0);
  const discount = line.discountType === 'percentage' ? gross.mul(value).div(100) : line.discountType === 'fixed' ? value : new Decimal(0);
  return { gross, discount, taxable: gross.minus(discount) };
}

/**
 * The export particulars of CGST rule 46 (third proviso): the address of delivery as the invoice gives it, else the
 * recipient's address (where the goods or services go when the invoice names no other place); the country of
 * destination by its name and code.
 */
export function exportParticulars(doc: SourceDocument, client: Client | null): NonNullable<DocumentView['exportParticulars']> {
  const code = doc.destinationCountry ?? null;
  const name = code ? countryName(code) : null;
  return {
    deliveryAddress: doc.deliveryAddress ?? client?.address ?? null,
    destinationCountry: code ? (name ? `${name} (${code})` : code) : null,
  };
}

/**
 * The header discount of a document stored before it was shared among the lines, as documentTotal takes it off the
 * line totals (after tax), 2 decimals.
 */
export function headerDiscountOf(lineTotal: string, type: string | null, value: string | null): Decimal {
  if (!type || value === null || value === undefined) return new Decimal(0);
  const v = toDecimal(value);
  return toDecimal(money2(type === 'percentage' ? toDecimal(lineTotal).mul(v).div(100) : v));
}

/** The exchange rate and rupee amounts of a document in a foreign currency (rule 34); null on an INR document. */
export function exchangeView(doc: Pick<SourceDocument, 'currency' | 'exchangeRate' | 'totalAmount'>, lines: DocumentLineView[]): DocumentView['exchange'] {
  if (!isForeignCurrency(doc.currency)) return null;
  const rate = doc.exchangeRate ?? null;
  if (rate === null) return { rate: null, rupees: null };
  const sum = (pick: (l: DocumentLineView) => string) => sumMoney(lines.map((l) => toRupees(pick(l), rate)));
  const [cgst, sgst, igst] = [sum((l) => l.cgst), sum((l) => l.sgst), sum((l) => l.igst)];
  return {
    rate: toDecimal(rate).toFixed(4),
    rupees: {
      taxable: sum((l) => l.taxable),
      cgst,
      sgst,
      igst,
      tax: sumMoney([cgst, sgst, igst]),
      cess: lines.some((l) => !toDecimal(l.cess ?? '0').isZero()) ? sum((l) => l.cess ?? '0') : null,
      total: toRupees(doc.totalAmount, rate),
    },
  };
}
