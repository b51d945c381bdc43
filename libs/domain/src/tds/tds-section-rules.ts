import { ValidationFailed } from '../shared/domain-error';
import { dateProblem } from '../shared/fiscal-year';
import { isMoneyLike, money2, toDecimal } from '../shared/money';
import { actOn, TDS_ACTS, TdsAct, TdsSectionFields, THRESHOLD_MODES, ThresholdMode } from './tds-section';

export interface TdsSectionInput {
  act?: string;
  code?: string;
  description?: string;
  rateIndividual?: number | string;
  rateOther?: number | string;
  noPanRate?: number | string;
  singleThreshold?: number | string | null;
  yearlyThreshold?: number | string | null;
  thresholdMode?: string;
  effectiveFrom?: string | null;
  effectiveTo?: string | null;
  act_2025Section?: string | null;
  act_2025PaymentCode?: string | null;
  act_2025PaymentCodeOther?: string | null;
  source?: string | null;
}

const rateText = (d: string) => toDecimal(d).toDecimalPlaces(3).toFixed(3);

/** Validates `input` merged over `base` (PATCH). */
export function buildTdsSectionFields(input: TdsSectionInput, base?: TdsSectionFields): TdsSectionFields {
  const errors: Record<string, string> = {};
  const has = (k: keyof TdsSectionInput) => input[k] !== undefined;
  const text = (k: keyof TdsSectionInput, fallback: string | null) => (has(k) ? ((input[k] as string | null) ?? null) : fallback);

  const code = (text('code', base?.code ?? null) ?? '').toUpperCase();
  if (!/^[0-9A-Z()-]{1,20}$/.test(code)) errors.code = 'is required: up to 20 letters, digits, brackets or hyphens (e.g. 194C)';
  const description = text('description', base?.description ?? null) ?? '';
  if (!description) errors.description = 'is required';

  const rate = (k: 'rateIndividual' | 'rateOther' | 'noPanRate', fallback: string | undefined): string => {
    const raw = has(k) ? input[k] : fallback;
    if (raw === undefined || raw === null || raw === '') {
      errors[k] = 'is required';
      return '0';
    }
    if (!/^\d{1,3}(\.\d{1,3})?$/.test(String(raw)) || toDecimal(String(raw)).gt(100)) {
      errors[k] = 'must be a percentage from 0 to 100 with at most 3 decimals';
      return '0';
    }
    return rateText(String(raw));
  };
  const rateIndividual = rate('rateIndividual', base?.rateIndividual);
  const rateOther = has('rateOther') || base ? rate('rateOther', base?.rateOther) : rateIndividual;
  const noPanRate = has('noPanRate') || base ? rate('noPanRate', base?.noPanRate ?? '20') : '20.000';

  const threshold = (k: 'singleThreshold' | 'yearlyThreshold', fallback: string | null): string | null => {
    const raw = has(k) ? input[k] : fallback;
    if (raw === undefined || raw === null || raw === '') return null;
    if (!isMoneyLike(raw) || toDecimal(raw).lt(0)) {
      errors[k] = 'must be an amount of at least 0, or null for none';
      return null;
    }
    return money2(raw);
  };
  const singleThreshold = threshold('singleThreshold', base?.singleThreshold ?? null);
  const yearlyThreshold = threshold('yearlyThreshold', base?.yearlyThreshold ?? null);

  const mode = text('thresholdMode', base?.thresholdMode ?? 'whole') ?? 'whole';
  if (!(THRESHOLD_MODES as readonly string[]).includes(mode)) errors.thresholdMode = `must be one of ${THRESHOLD_MODES.join(', ')}`;
  if (mode === 'excess' && !yearlyThreshold) errors.yearlyThreshold = 'is required when threshold_mode is excess';

  const date = (k: 'effectiveFrom' | 'effectiveTo', fallback: string | null) => {
    const value = text(k, fallback);
    const problem = value ? dateProblem(value) : null;
    if (problem) errors[k] = problem;
    return value || null;
  };
  const effectiveFrom = date('effectiveFrom', base?.effectiveFrom ?? null);
  const effectiveTo = date('effectiveTo', base?.effectiveTo ?? null);
  if (effectiveFrom && effectiveTo && effectiveTo < effectiveFrom && !errors.effectiveTo) errors.effectiveTo = 'must not be before effective_from';

  const act = (text('act', base?.act ?? null) ?? actOn(effectiveFrom ?? '1900-01-01')) as TdsAct;
  if (!(TDS_ACTS as readonly string[]).includes(act)) errors.act = `must be one of ${TDS_ACTS.join(', ')}`;

  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return {
    act,
    code,
    description,
    rateIndividual,
    rateOther,
    noPanRate,
    singleThreshold,
    yearlyThreshold,
    thresholdMode: mode as ThresholdMode,
    effectiveFrom,
    effectiveTo,
    act2025Section: text('act_2025Section', base?.act2025Section ?? null) || null,
    act2025PaymentCode: text('act_2025PaymentCode', base?.act2025PaymentCode ?? null) || null,
    act2025PaymentCodeOther: text('act_2025PaymentCodeOther', base?.act2025PaymentCodeOther ?? null) || null,
    source: text('source', base?.source ?? null) || null,
  };
}
