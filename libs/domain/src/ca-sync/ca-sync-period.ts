import { dateProblem, fiscalYearLabel, fiscalYearOf } from '../shared/fiscal-year';
import { ValidationFailed } from '../shared/domain-error';
import { CaSyncFrequency } from './ca-sync';

/** A closed range of calendar dates ('Y-m-d', both ends included) and how it is named in the mail. */
export interface CaSyncPeriod {
  from: string;
  to: string;
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function monthRange(year: number, firstMonth: number, months: number): { from: string; to: string } {
  const endMonth = firstMonth + months - 1;
  return { from: `${year}-${pad(firstMonth)}-01`, to: `${year}-${pad(endMonth)}-${pad(lastDay(year, endMonth))}` };
}

/**
 * The period a send on `today` ('Y-m-d', Asia/Kolkata) covers: the month before, or the quarter before.
 * Quarters are those of the Indian financial year (Q1 April-June ... Q4 January-March), which are
 * calendar quarters, so the one before 1 April 2026 is January-March 2026, Q4 of FY 2025-26.
 */
export function periodBefore(today: string, frequency: CaSyncFrequency): CaSyncPeriod {
  const [y, m] = today.split('-').map(Number);
  if (frequency === 'monthly') {
    const year = m === 1 ? y - 1 : y;
    const month = m === 1 ? 12 : m - 1;
    return { ...monthRange(year, month, 1), label: `${year}-${pad(month)}` };
  }
  const thisQuarterStart = m - ((m - 1) % 3);
  const year = thisQuarterStart === 1 ? y - 1 : y;
  const first = thisQuarterStart === 1 ? 10 : thisQuarterStart - 3;
  const range = monthRange(year, first, 3);
  const fyQuarter = first >= 4 ? (first - 4) / 3 + 1 : 4;
  return { ...range, label: `FY${fiscalYearLabel(fiscalYearOf(range.from))} Q${fyQuarter}` };
}

/** Whether `today` is the first day of a period of that frequency (the day its scheduled send goes out). */
export function isSendDay(today: string, frequency: CaSyncFrequency): boolean {
  const [, m, d] = today.split('-').map(Number);
  return d === 1 && (frequency === 'monthly' || (m - 1) % 3 === 0);
}

/** A period asked for explicitly (test sends): both dates valid, in order, at most 366 days apart. */
export function explicitPeriod(from: unknown, to: unknown): CaSyncPeriod {
  const errors: Record<string, string> = {};
  const fromError = dateProblem(from, 'must be a date (YYYY-MM-DD)');
  const toError = dateProblem(to, 'must be a date (YYYY-MM-DD)');
  if (fromError) errors.from = fromError;
  if (toError) errors.to = toError;
  if (!Object.keys(errors).length) {
    const days = (Date.parse(`${to as string}T00:00:00Z`) - Date.parse(`${from as string}T00:00:00Z`)) / 86_400_000;
    if (days < 0) errors.to = 'must not be before from';
    else if (days > 366) errors.to = 'must be at most 366 days after from';
  }
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return { from: from as string, to: to as string, label: `${from as string} to ${to as string}` };
}
