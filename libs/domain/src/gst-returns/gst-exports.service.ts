import { Account } from '../shared/account';
import { Clock } from '../shared/clock.port';
import { Conflict, ValidationFailed } from '../shared/domain-error';
import { FIRST_DATE, isValidDate, LAST_DATE } from '../shared/fiscal-year';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { Gstr1DataReader, Gstr1File, Gstr1FilingRepository, Gstr1WorkbookWriter, Gstr3bAnswer, Gstr3bWorkbookWriter } from './gst-exports.port';
import { buildGstr1, Gstr1Invoice, Gstr1Note, Gstr1Period, gstr1Period, Gstr1RetainedNumber, Gstr1Return } from './gstr1';
import { buildGstr1a, Gstr1aReturn, reportedDocuments } from './gstr1a';
import { gstr1InRupees } from './gstr1-rupees';
import { buildGstr3b, gstr3bRemarks } from './gstr3b';
import { supplierState } from './place-of-supply';

/** The documents of a return period, in rupees, with what the returns need to know of the business. */
interface PeriodDocuments {
  period: Gstr1Period;
  gstin: string;
  state: string | null;
  aggregateTurnover: string | null;
  invoices: Gstr1Invoice[];
  notes: Gstr1Note[];
  retained: Gstr1RetainedNumber[];
}

/** GSTR-1, GSTR-3B (outward side) and GSTR-1A of a period, from the account's own documents. */
export class GstExportsService {
  constructor(
    private readonly reader: Gstr1DataReader,
    private readonly settings: BusinessSettingsRepository,
    private readonly workbook: Gstr1WorkbookWriter,
    private readonly gstr3bWorkbook: Gstr3bWorkbookWriter,
    private readonly filings: Gstr1FilingRepository,
    private readonly clock: Clock,
  ) {}

  /** `period=YYYY-MM` or `quarter=YYYY-Qn` (one of the two); the business needs a GSTIN. */
  async gstr1(account: Account, query: { period?: unknown; quarter?: unknown }): Promise<{ period: Gstr1Period; ret: Gstr1Return }> {
    const docs = await this.periodDocuments(account, query, 'GSTR-1');
    return { period: docs.period, ret: this.build(docs) };
  }

  async gstr1Workbook(account: Account, query: { period?: unknown; quarter?: unknown }): Promise<Gstr1File> {
    const { period, ret } = await this.gstr1(account, query);
    return this.workbook.write(ret, `GSTR1-${account.gstin ?? ''}-${period.label}`);
  }

  /** GSTR-3B tables 3.1, 3.1.1 and 3.2 of a month or quarter, from the documents GSTR-1 reports, with remarks. */
  async gstr3b(account: Account, query: { period?: unknown; quarter?: unknown }): Promise<{ period: Gstr1Period; answer: Gstr3bAnswer }> {
    const docs = await this.periodDocuments(account, query, 'GSTR-3B');
    const ret = buildGstr3b({
      gstin: docs.gstin,
      businessStateCode: docs.state,
      from: docs.period.from,
      to: docs.period.to,
      invoices: docs.invoices,
      notes: docs.notes,
    });
    return { period: docs.period, answer: { return: ret, remarks: gstr3bRemarks(ret) } };
  }

  async gstr3bWorkbookFile(account: Account, query: { period?: unknown; quarter?: unknown }): Promise<Gstr1File> {
    const { period, answer } = await this.gstr3b(account, query);
    return this.gstr3bWorkbook.write(answer, `GSTR3B-${account.gstin ?? ''}-${period.label}`);
  }

  /**
   * Marks a month's GSTR-1 filed: records the time and the documents the return reports now (so that GSTR-1A can
   * tell what changed since). A month already marked is a 409 naming when.
   */
  async markGstr1Filed(account: Account, body: { period?: unknown }): Promise<{ period: string; filed_at: string; documents: number }> {
    const docs = await this.periodDocuments(account, { period: body.period }, 'GSTR-1', true);
    const label = docs.period.label;
    const existing = await this.filings.find(account.id, label);
    if (existing) throw alreadyFiled(label, existing.filedAt);
    const reported = reportedDocuments(docs.invoices, docs.notes, docs.period.from, docs.period.to);
    const filedAt = this.clock.now().toISOString().slice(0, 19).replace('T', ' ');
    const stored = await this.filings.insert(account.id, {
      period: label,
      filedAt,
      snapshot: { aggregateTurnover: docs.aggregateTurnover, ...reported },
    });
    if (!stored) {
      const raced = await this.filings.find(account.id, label);
      throw alreadyFiled(label, raced?.filedAt ?? filedAt);
    }
    return { period: label, filed_at: filedAt, documents: reported.invoices.length + reported.notes.length };
  }

  /** GSTR-1A of a month marked filed: the documents created, changed, cancelled or deleted since, in GSTR-1's tables. */
  async gstr1a(account: Account, query: { period?: unknown }): Promise<Gstr1aReturn> {
    const docs = await this.periodDocuments(account, { period: query.period }, 'GSTR-1A', true);
    const filing = await this.filings.find(account.id, docs.period.label);
    if (!filing) {
      throw new Conflict(`GSTR-1 of ${docs.period.label} is not marked filed.`, {
        period: `${docs.period.label} is not marked filed; mark it with POST /v1/exports/gstr1/filed first`,
        reason: 'not_filed',
      });
    }
    return buildGstr1a({
      gstin: docs.gstin,
      businessStateCode: docs.state,
      from: docs.period.from,
      to: docs.period.to,
      aggregateTurnover: docs.aggregateTurnover,
      filedAt: filing.filedAt,
      filed: filing.snapshot,
      invoices: docs.invoices,
      notes: docs.notes,
      retained: docs.retained,
    });
  }

  private build(docs: PeriodDocuments): Gstr1Return {
    return buildGstr1({
      gstin: docs.gstin,
      businessStateCode: docs.state,
      from: docs.period.from,
      to: docs.period.to,
      aggregateTurnover: docs.aggregateTurnover,
      invoices: docs.invoices,
      notes: docs.notes,
      retained: docs.retained,
    });
  }

  /**
   * The period asked (`monthOnly`: a month, `period=YYYY-MM`), checked, and its documents in rupees (rule 34; a 400
   * naming those in another currency without an exchange rate). The business needs a GSTIN.
   */
  private async periodDocuments(account: Account, query: { period?: unknown; quarter?: unknown }, form: string, monthOnly = false): Promise<PeriodDocuments> {
    const period = monthOnly ? gstr1Period(query.period ?? null, undefined) : gstr1Period(query.period, query.quarter);
    const field = !monthOnly && query.quarter !== undefined && query.period === undefined ? 'quarter' : 'period';
    if (!period) {
      throw ValidationFailed.field(
        field,
        monthOnly
          ? 'give period=YYYY-MM (a month such as 2026-10)'
          : 'give either period=YYYY-MM or quarter=YYYY-Qn (Q1 April-June of the financial year starting in YYYY)',
      );
    }
    if (!isValidDate(period.from) || !isValidDate(period.to)) {
      throw ValidationFailed.field(field, `must be a period from ${FIRST_DATE.slice(0, 7)} to ${LAST_DATE.slice(0, 7)}`);
    }
    if (!account.gstin) throw ValidationFailed.field('business_gstin', `is required for ${form} (set it in PATCH /v1/settings/business)`);
    const state = supplierState(account.gstin, account.stateCode);
    const [read, settings] = await Promise.all([this.reader.read(account.id, period.from, period.to, state), this.settings.get(account.id)]);
    // Documents in a foreign currency in rupees at their exchange rate (rule 34); a 400 naming those without one.
    const { invoices, notes } = gstr1InRupees(read.invoices, read.notes, period.from, period.to);
    return {
      period,
      gstin: account.gstin,
      state,
      aggregateTurnover: settings.aggregateTurnover ?? null,
      invoices,
      notes,
      retained: read.retained ?? [],
    };
  }
}

function alreadyFiled(period: string, filedAt: string): Conflict {
  return new Conflict(`GSTR-1 of ${period} was already marked filed.`, {
    period: `${period} was marked filed at ${filedAt} (UTC); a period is marked once`,
    reason: 'already_filed',
    filed_at: filedAt,
  });
}
