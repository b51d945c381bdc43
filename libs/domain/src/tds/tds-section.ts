/**
 * TDS sections as data: rates by payee type, the no-PAN rate, thresholds and the dates a row is in
 * force. Seeded rows (accountId null) are shared by every account; an account's own rows are its own.
 */
export const PAYEE_TYPES = ['individual', 'huf', 'company', 'firm', 'other'] as const;
export type PayeeType = (typeof PAYEE_TYPES)[number];

/** `whole`: once a threshold is crossed the payment is taxed in full; `excess`: only the part above the yearly threshold (194Q). */
export const THRESHOLD_MODES = ['whole', 'excess'] as const;
export type ThresholdMode = (typeof THRESHOLD_MODES)[number];

/** The Act a section row applies under: the Income-tax Act 1961 to 2026-03-31, the Income-tax Act 2025 from 2026-04-01. */
export const TDS_ACTS = ['1961', '2025'] as const;
export type TdsAct = (typeof TDS_ACTS)[number];
export const ACT_2025_FROM = '2026-04-01';

/** The Act in force on a Y-m-d date of payment or credit. */
export function actOn(date: string): TdsAct {
  return date >= ACT_2025_FROM ? '2025' : '1961';
}

export interface TdsSectionFields {
  act: TdsAct;
  /** The 1961-Act section (e.g. 194C); a 2025-Act row keeps the code of the section it continues. */
  code: string;
  description: string;
  /** Rate (percent) for individuals and HUFs. */
  rateIndividual: string;
  /** Rate (percent) for every other payee. */
  rateOther: string;
  /** Rate (percent) when the payee gives no PAN (section 206AA: 20%, or the section's rate if higher). */
  noPanRate: string;
  /** Threshold of one payment (rupees), null when none. */
  singleThreshold: string | null;
  /** Threshold of the year's payments to one payee (rupees), null when none. */
  yearlyThreshold: string | null;
  thresholdMode: ThresholdMode;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  /** Income-tax Act 2025 section and table row (e.g. '393(1) Table Sl. No. 6(i)') that continues the section. */
  act2025Section: string | null;
  /** Income-tax Act 2025 payment code, when known (for every payee, or for individuals and HUFs when the next is set). */
  act2025PaymentCode: string | null;
  /**
   * The payment code for payees other than individuals and HUFs where the 2025 Act's table gives them a row of their
   * own (contractors: 1023 for individuals and HUFs, 1024 for others); null when one code serves every payee.
   */
  act2025PaymentCodeOther: string | null;
  /** Where the figures come from (Finance Act, notification). */
  source: string | null;
}

export interface TdsSection extends TdsSectionFields {
  id: number;
  /** Null for a seeded, shared section. */
  accountId: number | null;
}

/**
 * The payee type a PAN names by its fourth character (P person, H HUF, C company, F firm; the rest
 * other), or null when the text is not a PAN.
 */
export function payeeTypeOfPan(pan: string): PayeeType | null {
  const p = pan.trim().toUpperCase();
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(p)) return null;
  return ({ P: 'individual', H: 'huf', C: 'company', F: 'firm' } as Record<string, PayeeType>)[p[3]] ?? 'other';
}

export function isIndividualOrHuf(payee: PayeeType): boolean {
  return payee === 'individual' || payee === 'huf';
}

/**
 * The 2025-Act payment code of a payment to `payee`: the code for other payees when the section has one and the payee
 * is not an individual or HUF (an unknown payee is taxed at the higher rate, the others' rate, so takes their code).
 */
export function paymentCodeFor(section: Pick<TdsSectionFields, 'act2025PaymentCode' | 'act2025PaymentCodeOther'>, payee: PayeeType | null): string | null {
  const individual = payee !== null && isIndividualOrHuf(payee);
  return (!individual && section.act2025PaymentCodeOther) || section.act2025PaymentCode;
}

/** True when the section is in force on the Y-m-d date. */
export function inForceOn(section: Pick<TdsSection, 'effectiveFrom' | 'effectiveTo'>, date: string): boolean {
  return (!section.effectiveFrom || section.effectiveFrom <= date) && (!section.effectiveTo || date <= section.effectiveTo);
}
