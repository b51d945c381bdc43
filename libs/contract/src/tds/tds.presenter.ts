import { toNumber2 } from '@app/domain/shared/money';
import { TdsCalculation } from '@app/domain/tds/tds-calculation';
import { deductionPaymentCode, depositDueDate, quarterOf, TdsDeduction } from '@app/domain/tds/tds-deduction';
import { ACT_2025_FROM, paymentCodeFor, TdsSection } from '@app/domain/tds/tds-section';
import { TdsReportRow } from '@app/domain/tds/tds.service';

const rate = (v: string | null) => (v === null ? null : Number(v));
const amount = (v: string | null) => (v === null ? null : toNumber2(v));

export function presentSection(s: TdsSection) {
  return {
    section_id: s.id,
    shared: s.accountId === null,
    act: s.act,
    code: s.code,
    description: s.description,
    rate_individual: rate(s.rateIndividual),
    rate_other: rate(s.rateOther),
    no_pan_rate: rate(s.noPanRate),
    single_threshold: amount(s.singleThreshold),
    yearly_threshold: amount(s.yearlyThreshold),
    threshold_mode: s.thresholdMode,
    effective_from: s.effectiveFrom,
    effective_to: s.effectiveTo,
    act_2025_section: s.act2025Section,
    act_2025_payment_code: s.act2025PaymentCode,
    act_2025_payment_code_other: s.act2025PaymentCodeOther,
    source: s.source,
  };
}

export function presentCalculation(c: TdsCalculation & { section: TdsSection; paymentDate: string }) {
  return {
    tds_amount: toNumber2(c.tdsAmount),
    rate: Number(c.rate),
    taxable_amount: toNumber2(c.taxableAmount),
    threshold_applied: c.thresholdApplied,
    reason: c.reason,
    payee_type: c.payeeType,
    rate_basis: c.rateBasis,
    has_pan: c.hasPan,
    payment_date: c.paymentDate,
    section_id: c.section.id,
    section_code: c.section.code,
    act: c.section.act,
    act_2025_section: c.paymentDate >= ACT_2025_FROM ? c.section.act2025Section : null,
    act_2025_payment_code: c.paymentDate >= ACT_2025_FROM ? paymentCodeFor(c.section, c.payeeType) : null,
  };
}

export function presentDeduction(d: TdsDeduction) {
  const payable = d.direction === 'payable';
  return {
    deduction_id: d.id,
    direction: d.direction,
    source_type: payable ? 'expense' : 'invoice',
    source_id: d.id,
    date: d.date,
    quarter: quarterOf(d.date),
    section_id: d.sectionId,
    section_code: d.sectionCode,
    section_description: d.sectionDescription,
    act_2025_section: d.date >= '2026-04-01' ? d.act2025Section : null,
    act_2025_payment_code: d.date >= ACT_2025_FROM ? deductionPaymentCode(d) : null,
    party_name: d.partyName,
    party_pan: d.partyPan,
    payee_type: d.payeeType,
    base_amount: toNumber2(d.baseAmount),
    tds_rate: rate(d.rate),
    tds_amount: toNumber2(d.tdsAmount),
    status: payable ? (d.deposit ? 'deposited' : 'pending') : 'deducted_by_client',
    due_date: payable ? depositDueDate(d.date) : null,
    challan_number: d.deposit?.challanNumber ?? null,
    bsr_code: d.deposit?.bsrCode ?? null,
    deposited_on: d.deposit?.depositedOn ?? null,
  };
}

export function presentReportRow(r: TdsReportRow) {
  return {
    section_id: r.sectionId,
    section_code: r.sectionCode,
    quarter: r.quarter,
    deductions: r.deductions,
    deducted: toNumber2(r.deducted),
    deposited: toNumber2(r.deposited),
    pending: toNumber2(r.pending),
    pending_due: r.pendingDue.map((p) => ({ due_date: p.dueDate, amount: toNumber2(p.amount) })),
  };
}
