import { exchangeRateMissing, rupeesPerUnit, toRupees } from '../tax/exchange-rate';
import { Gstr1Invoice, Gstr1Line, Gstr1Note } from './gstr1';

/**
 * The documents of a return in rupees (CGST Rules, rule 34): a document in a currency other than INR has each
 * amount of each line (taxable value, CGST, SGST, IGST, cess) and its total converted at its exchange rate, rounded
 * half-up to the paisa, so the return's sums are sums of rupee amounts of lines; INR documents pass unchanged.
 * Only what the return reports needs a rate: issued and archived documents dated in the period (a cancelled
 * invoice counts in DOC_ISSUE by its number only) and the invoice a reported note is against (its value decides
 * B2CL). Any of them in another currency without an exchange rate makes the return a 400 keyed `documents`
 * that names them.
 */
export function gstr1InRupees(invoices: Gstr1Invoice[], notes: Gstr1Note[], from: string, to: string): { invoices: Gstr1Invoice[]; notes: Gstr1Note[] } {
  const reported = (d: { date: string; status: string }) => d.date >= from && d.date <= to && (d.status === 'issued' || d.status === 'archived');
  const missing: string[] = [];
  const rateOf = (d: { currency?: string; exchangeRate?: string | null }, name: string): string | null => {
    const rate = rupeesPerUnit(d);
    if (rate === null && !missing.includes(name)) missing.push(name);
    return rate;
  };
  const outInvoices = invoices.map((inv) => {
    if (!reported(inv)) return inv;
    const rate = rateOf(inv, `invoice ${inv.number}`);
    return rate === null || rate === '1' ? inv : { ...inv, total: toRupees(inv.total, rate), lines: linesInRupees(inv.lines, rate) };
  });
  const outNotes = notes.map((note) => {
    if (!reported(note)) return note;
    const rate = rateOf(note, `${note.kind} note ${note.number}`);
    const originalRate = note.original ? rateOf(note.original, `invoice ${note.original.number}`) : null;
    const original =
      note.original && originalRate !== null && originalRate !== '1' ? { ...note.original, total: toRupees(note.original.total, originalRate) } : note.original;
    if (rate === null || rate === '1') return { ...note, original };
    return { ...note, original, total: toRupees(note.total, rate), lines: linesInRupees(note.lines, rate) };
  });
  if (missing.length) throw exchangeRateMissing('documents', missing);
  return { invoices: outInvoices, notes: outNotes };
}

function linesInRupees(lines: Gstr1Line[], rate: string): Gstr1Line[] {
  return lines.map((l) => ({
    ...l,
    taxable: toRupees(l.taxable, rate),
    cgst: toRupees(l.cgst, rate),
    sgst: toRupees(l.sgst, rate),
    igst: toRupees(l.igst, rate),
    ...(l.cess === null || l.cess === undefined ? {} : { cess: toRupees(l.cess, rate) }),
  }));
}
