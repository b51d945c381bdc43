import type { Caller } from '../shared/caller';
import { ActivityRecorder } from '../activity/activity-recorder';
import { Clock } from '../shared/clock.port';
import { found, NotFound, ValidationFailed } from '../shared/domain-error';
import { fiscalYearRange, kolkataDate } from '../shared/fiscal-year';
import { dateProblem } from '../shared/fiscal-year';
import { isMoneyLike, money2, sumMoney, toDecimal } from '../shared/money';
import { TransactionRunner } from '../shared/transaction.port';
import { calculateTds, TdsCalculation } from './tds-calculation';
import { depositDueDate, quarterOf, TdsDeduction, TdsDeductionRepository, TdsDirection } from './tds-deduction';
import { inForceOn, PayeeType, payeeTypeOfPan, TdsSection } from './tds-section';
import { TdsSectionRepository } from './tds-section.repository.port';
import { buildTdsSectionFields, TdsSectionInput } from './tds-section-rules';

export interface CalculateInput {
  baseAmount: number | string;
  sectionId: number;
  /** Optional: without it the deductee's PAN names the type, else the higher of the section's rates applies. */
  payeeType?: PayeeType | null;
  /** Default true. */
  hasPan?: boolean | null;
  /** The deductee's PAN (names the payee type when `payeeType` is absent). */
  deducteePan?: string | null;
  ytdAmount?: number | string;
  ytdTaxedAmount?: number | string;
  paymentDate?: string;
}

export interface DepositInput {
  challanNumber: string;
  depositedOn: string;
  bsrCode: string;
}

export interface TdsReportRow {
  sectionId: number | null;
  sectionCode: string | null;
  quarter: number;
  deductions: number;
  deducted: string;
  deposited: string;
  pending: string;
  /** Pending amounts by the date they fall due. */
  pendingDue: Array<{ dueDate: string; amount: string }>;
}

const CHALLAN = /^\d{5}$/;
const BSR = /^\d{7}$/;

/** TDS sections, the calculation, deductions with their deposits, and the yearly reports. */
export class TdsService {
  constructor(
    private readonly sections: TdsSectionRepository,
    private readonly deductions: TdsDeductionRepository,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  listSections(caller: Caller): Promise<TdsSection[]> {
    return this.sections.list(caller.account.id);
  }

  async getSection(caller: Caller, id: number): Promise<TdsSection> {
    return found(await this.sections.findVisible(caller.account.id, id), 'TDS section', id);
  }

  async createSection(caller: Caller, input: TdsSectionInput): Promise<TdsSection> {
    const fields = buildTdsSectionFields(input);
    const id = await this.tx.run(async () => {
      const created = await this.sections.insert(caller.account.id, fields);
      await this.activity.created(caller.principal, 'tds_section', created, fields.code);
      return created;
    });
    return { id, accountId: caller.account.id, ...fields };
  }

  async updateSection(caller: Caller, id: number, input: TdsSectionInput): Promise<TdsSection> {
    const current = await this.ownSection(caller, id);
    const fields = buildTdsSectionFields(input, current);
    await this.tx.run(async () => {
      await this.sections.update(caller.account.id, id, fields);
      await this.activity.updated(caller.principal, 'tds_section', id, fields.code);
    });
    return { ...current, ...fields };
  }

  async deleteSection(caller: Caller, id: number): Promise<void> {
    const current = await this.ownSection(caller, id);
    await this.tx.run(async () => {
      await this.sections.delete(caller.account.id, id);
      await this.activity.deleted(caller.principal, 'tds_section', id, current.code);
    });
  }

  async calculate(caller: Caller, input: CalculateInput): Promise<TdsCalculation & { section: TdsSection; paymentDate: string }> {
    const errors: Record<string, string> = {};
    const amount = (k: 'baseAmount' | 'ytdAmount' | 'ytdTaxedAmount', v: unknown) => {
      if (v === undefined || v === null) return '0';
      if (!isMoneyLike(v) || toDecimal(v as string).lt(0)) errors[k] = 'must be an amount of at least 0 with at most 2 decimals';
      return errors[k] ? '0' : money2(v as string);
    };
    const base = amount('baseAmount', input.baseAmount);
    const ytd = amount('ytdAmount', input.ytdAmount);
    const ytdTaxed = amount('ytdTaxedAmount', input.ytdTaxedAmount);
    if (!errors.ytdTaxedAmount && toDecimal(ytdTaxed).gt(toDecimal(ytd))) errors.ytdTaxedAmount = 'must not exceed ytd_amount';
    const paymentDate = input.paymentDate ?? kolkataDate(this.clock.now());
    const paymentDateError = dateProblem(paymentDate);
    if (paymentDateError) errors.paymentDate = paymentDateError;
    const deducteePan = input.deducteePan ? input.deducteePan.trim().toUpperCase() : null;
    if (deducteePan && !payeeTypeOfPan(deducteePan)) errors.deducteePan = 'must be a PAN: 5 letters, 4 digits and a letter';
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    const named = await this.sections.findVisible(caller.account.id, input.sectionId);
    if (!named) throw new NotFound('TDS section not found.', { section_id: input.sectionId });
    // The row in force on the date of payment or credit: the one named, or the row of the same kind that replaced it (or that it replaced).
    const section = inForceOn(named, paymentDate) ? named : await this.sections.findInForce(caller.account.id, named, paymentDate);
    if (!section) {
      throw ValidationFailed.field(
        'sectionId',
        `section ${named.code} (${named.description}) has no row in force on ${paymentDate}; this one is in force from ${named.effectiveFrom ?? 'the start'} to ${named.effectiveTo ?? 'today'}`,
      );
    }
    const result = calculateTds(section, {
      baseAmount: base,
      payeeType: input.payeeType ?? null,
      deducteePan,
      hasPan: input.hasPan ?? true,
      ytdAmount: ytd,
      ytdTaxedAmount: ytdTaxed,
    });
    return { ...result, section, paymentDate };
  }

  listDeductions(caller: Caller, fyStartYear?: number, direction?: TdsDirection): Promise<TdsDeduction[]> {
    return this.deductions.list(caller.account.id, fyStartYear === undefined ? null : fiscalYearRange(fyStartYear), direction);
  }

  async deposit(caller: Caller, id: number, input: DepositInput): Promise<TdsDeduction> {
    const errors: Record<string, string> = {};
    if (!CHALLAN.test(input.challanNumber)) errors.challanNumber = 'must be the 5-digit challan serial number';
    if (!BSR.test(input.bsrCode)) errors.bsrCode = "must be the bank branch's 7-digit BSR code";
    const depositedOnError = dateProblem(input.depositedOn);
    if (depositedOnError) errors.depositedOn = depositedOnError;
    else if (input.depositedOn > kolkataDate(this.clock.now())) errors.depositedOn = 'must not be in the future';
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    return this.tx.run(async () => {
      const deduction = await this.payable(caller, id);
      if (input.depositedOn < deduction.date) throw ValidationFailed.field('depositedOn', `must not be before the deduction date ${deduction.date}`);
      const deposit = { challanNumber: input.challanNumber, bsrCode: input.bsrCode, depositedOn: input.depositedOn };
      await this.deductions.setDeposit(caller.account.id, id, deposit);
      await this.activity.updated(caller.principal, 'tds_deposit', id, input.challanNumber);
      return { ...deduction, deposit };
    });
  }

  async undoDeposit(caller: Caller, id: number): Promise<TdsDeduction> {
    return this.tx.run(async () => {
      const deduction = await this.payable(caller, id);
      await this.deductions.setDeposit(caller.account.id, id, null);
      await this.activity.deleted(caller.principal, 'tds_deposit', id, deduction.deposit?.challanNumber ?? null);
      return { ...deduction, deposit: null };
    });
  }

  /** Payable deductions of the year per section and quarter, and receivable ones per section and quarter. */
  async report(caller: Caller, fyStartYear: number): Promise<{ payable: TdsReportRow[]; receivable: TdsReportRow[] }> {
    const all = await this.deductions.list(caller.account.id, fiscalYearRange(fyStartYear));
    return { payable: summarize(all.filter((d) => d.direction === 'payable')), receivable: summarize(all.filter((d) => d.direction === 'receivable')) };
  }

  private async ownSection(caller: Caller, id: number): Promise<TdsSection> {
    const section = await this.getSection(caller, id);
    if (section.accountId === null) throw ValidationFailed.field('section_id', 'is a shared section: add a section of your own instead of changing it');
    return section;
  }

  private async payable(caller: Caller, id: number): Promise<TdsDeduction> {
    const deduction = await this.deductions.findPayable(caller.account.id, id);
    if (!deduction) throw new NotFound('No payable TDS deduction with this id (the id of an expense with a TDS amount).', { id });
    return deduction;
  }
}

function summarize(deductions: TdsDeduction[]): TdsReportRow[] {
  const rows = new Map<string, TdsDeduction[]>();
  for (const d of deductions) {
    const key = `${d.sectionCode ?? ''}|${d.sectionId ?? 0}|${quarterOf(d.date)}`;
    rows.set(key, [...(rows.get(key) ?? []), d]);
  }
  return [...rows.values()]
    .map((ds) => {
      const pendingOnes = ds.filter((d) => d.direction === 'payable' && !d.deposit);
      const due = new Map<string, string[]>();
      for (const d of pendingOnes) due.set(depositDueDate(d.date), [...(due.get(depositDueDate(d.date)) ?? []), d.tdsAmount]);
      return {
        sectionId: ds[0].sectionId,
        sectionCode: ds[0].sectionCode,
        quarter: quarterOf(ds[0].date),
        deductions: ds.length,
        deducted: sumMoney(ds.map((d) => d.tdsAmount)),
        deposited: sumMoney(ds.filter((d) => d.deposit).map((d) => d.tdsAmount)),
        pending: sumMoney(pendingOnes.map((d) => d.tdsAmount)),
        pendingDue: [...due.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([dueDate, amounts]) => ({ dueDate, amount: sumMoney(amounts) })),
      };
    })
    .sort((a, b) => a.quarter - b.quarter || (a.sectionCode ?? '').localeCompare(b.sectionCode ?? '') || (a.sectionId ?? 0) - (b.sectionId ?? 0));
}
