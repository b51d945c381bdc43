import type { Caller } from '../shared/caller';
import { Clock } from '../shared/clock.port';
import { ValidationFailed } from '../shared/domain-error';
import { fiscalYearLabel, kolkataDate } from '../shared/fiscal-year';
import { sumMoney, toDecimal } from '../shared/money';
import { amountInWords } from '../tax/amount-in-words';
import { TdsCertificateRenderer, TdsCertificateStore, TdsCertificateView } from './tds-certificate';
import { deductionPaymentCode, quarterRange, TdsDeduction, TdsDeductionRepository } from './tds-deduction';
import { ACT_2025_FROM } from './tds-section';

export interface CertificateInput {
  deductee: string;
  fyStartYear: number;
  quarter: number;
  /** The deductor's TAN; defaults to the one of the account's latest certificate. */
  tan?: string | null;
  /** Receipt number (token) of the quarterly TDS statement filed for the quarter. */
  statementReceipt?: string | null;
}

const TAN = /^[A-Z]{4}\d{5}[A-Z]$/;
const RECEIPT = /^[0-9A-Z]{8,20}$/;

const QUARTER_NAMES = ['Q1 (April to June)', 'Q2 (July to September)', 'Q3 (October to December)', 'Q4 (January to March)'];
const fyLabel = (start: number) => `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
const dmy = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;

/**
 * The quarterly certificate of TDS we deducted from one deductee (by PAN): refused while any of its
 * deductions is not deposited; the form is the one in force at the quarter's start (data, by date).
 */
export class IssueTdsCertificate {
  constructor(
    private readonly deductions: TdsDeductionRepository,
    private readonly store: TdsCertificateStore,
    private readonly renderer: TdsCertificateRenderer,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, input: CertificateInput): Promise<{ id: number; pdf: Uint8Array; view: TdsCertificateView }> {
    const pan = input.deductee.trim().toUpperCase();
    const tan = (input.tan ?? '').trim().toUpperCase() || (await this.store.lastTan(caller.account.id));
    const receipt = (input.statementReceipt ?? '').trim().toUpperCase() || null;
    const errors: Record<string, string> = {};
    if (!tan) errors.tan = "is required: the deductor's TAN (4 letters, 5 digits and a letter); later certificates reuse it";
    else if (!TAN.test(tan)) errors.tan = 'must be a TAN: 4 letters, 5 digits and a letter';
    if (receipt && !RECEIPT.test(receipt)) errors.statementReceipt = 'must be the 8 to 20 letters or digits of the statement’s receipt number';
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    const period = quarterRange(input.fyStartYear, input.quarter);
    const rows = await this.deductions.payableTo(caller.account.id, pan, period);
    if (!rows.length) throw ValidationFailed.field('deductee', `has no TDS deductions in Q${input.quarter} of ${fiscalYearLabel(input.fyStartYear)}`);
    const undeposited = rows.filter((d) => !d.deposit);
    if (undeposited.length) {
      throw new ValidationFailed(
        { deductions: `not deposited yet: ${undeposited.map((d) => d.id).join(', ')}` },
        'Every deduction of the quarter must be deposited before its certificate is issued.',
      );
    }
    const form = await this.store.formOn(period.from);
    const total = sumMoney(rows.map((d) => d.tdsAmount));
    const paid = sumMoney(rows.map((d) => d.baseAmount));
    const id = await this.store.record(caller.account.id, {
      deducteePan: pan,
      deducteeName: rows[0].partyName,
      fyStartYear: input.fyStartYear,
      quarter: input.quarter,
      formName: form.name,
      deductorTan: tan!,
      statementReceipt: receipt,
      amountPaid: paid,
      tdsAmount: total,
      deductions: rows.length,
    });
    const account = caller.account;
    const view: TdsCertificateView = {
      form,
      certificateNumber: `TDS/${fiscalYearLabel(input.fyStartYear)}/Q${input.quarter}/${String(id).padStart(6, '0')}`,
      issuedOn: dmy(kolkataDate(this.clock.now())),
      deductor: { name: account.businessName ?? '', address: account.address, tan: tan!, pan: account.pan, gstin: account.gstin },
      deductee: { name: rows[0].partyName, pan },
      financialYear: fyLabel(input.fyStartYear),
      year:
        form.yearKind === 'tax_year'
          ? { label: 'Tax year', value: fyLabel(input.fyStartYear) }
          : { label: 'Assessment year', value: fyLabel(input.fyStartYear + 1) },
      statementReceipt: receipt,
      tracesNotice:
        `This is the deductor's own statement of the tax deducted and deposited, not the statutory certificate. ` +
        `The TDS certificate is ${form.tracesForm}${form.tracesForm === 'Form No. 16A' ? '' : ' (Form No. 16A before the Income-tax Act, 2025)'}, ` +
        'which the deductor downloads from the TRACES portal (www.tdscpc.gov.in) after filing the quarterly statement.',
      verification:
        `I, for ${account.businessName ?? 'the deductor'} (TAN ${tan!}), certify that the sum stated above has been deducted at source and paid ` +
        'to the credit of the Central Government, and that the particulars above are true and correct according to our books of account.',
      quarter: QUARTER_NAMES[input.quarter - 1],
      period: { from: dmy(period.from), to: dmy(period.to) },
      rows: rows.map((d) => row(d, d.date >= ACT_2025_FROM)),
      totals: { amountPaid: paid, tdsAmount: total },
      tdsInWords: amountInWords(total),
    };
    return { id, pdf: await this.renderer.render(view), view };
  }
}

function row(d: TdsDeduction, act2025: boolean) {
  const deposit = d.deposit!;
  const section = act2025 && d.act2025Section ? `${d.act2025Section} (${d.sectionCode})` : (d.sectionCode ?? '');
  return {
    date: dmy(d.date),
    section,
    paymentCode: act2025 ? (deductionPaymentCode(d) ?? '') : '',
    amountPaid: d.baseAmount,
    rate: d.rate === null ? '' : `${toDecimal(d.rate).toString()}%`,
    tdsAmount: d.tdsAmount,
    challanNumber: deposit.challanNumber,
    bsrCode: deposit.bsrCode,
    depositedOn: dmy(deposit.depositedOn),
  };
}
