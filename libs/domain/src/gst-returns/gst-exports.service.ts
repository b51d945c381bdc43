import { Account } from '../accounts/account';
import { ValidationFailed } from '../shared/domain-error';
import { FIRST_DATE, isValidDate, LAST_DATE } from '../shared/fiscal-year';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { Gstr1DataReader, Gstr1File, Gstr1WorkbookWriter } from './gst-exports.port';
import { buildGstr1, Gstr1Period, gstr1Period, Gstr1Return } from './gstr1';
import { gstr1InRupees } from './gstr1-rupees';
import { supplierState } from './place-of-supply';

/** GSTR-1 of a month or quarter, from the account's own documents. */
export class GstExportsService {
  constructor(
    private readonly reader: Gstr1DataReader,
    private readonly settings: BusinessSettingsRepository,
    private readonly workbook: Gstr1WorkbookWriter,
  ) {}

  /** `period=YYYY-MM` or `quarter=YYYY-Qn` (one of the two); the business needs a GSTIN. */
  async gstr1(account: Account, query: { period?: unknown; quarter?: unknown }): Promise<{ period: Gstr1Period; ret: Gstr1Return }> {
    const period = gstr1Period(query.period, query.quarter);
    const field = query.quarter !== undefined && query.period === undefined ? 'quarter' : 'period';
    if (!period) {
      throw ValidationFailed.field(field, 'give either period=YYYY-MM or quarter=YYYY-Qn (Q1 April-June of the financial year starting in YYYY)');
    }
    if (!isValidDate(period.from) || !isValidDate(period.to)) {
      throw ValidationFailed.field(field, `must be a period from ${FIRST_DATE.slice(0, 7)} to ${LAST_DATE.slice(0, 7)}`);
    }
    if (!account.gstin) throw ValidationFailed.field('business_gstin', 'is required for GSTR-1 (set it in PATCH /v1/settings/business)');
    const state = supplierState(account.gstin, account.stateCode);
    const [read, settings] = await Promise.all([this.reader.read(account.id, period.from, period.to, state), this.settings.get(account.id)]);
    // Documents in a foreign currency in rupees at their exchange rate (rule 34); a 400 naming those without one.
    const { invoices, notes } = gstr1InRupees(read.invoices, read.notes, period.from, period.to);
    const ret = buildGstr1({
      gstin: account.gstin,
      businessStateCode: state,
      from: period.from,
      to: period.to,
      aggregateTurnover: settings.aggregateTurnover ?? null,
      invoices,
      notes,
      retained: read.retained ?? [],
    });
    return { period, ret };
  }

  async gstr1Workbook(account: Account, query: { period?: unknown; quarter?: unknown }): Promise<Gstr1File> {
    const { period, ret } = await this.gstr1(account, query);
    return this.workbook.write(ret, `GSTR1-${account.gstin ?? ''}-${period.label}`);
  }
}
