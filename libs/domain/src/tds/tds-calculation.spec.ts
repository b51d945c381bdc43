import { calculateTds } from './tds-calculation';
import { depositDueDate, quarterOf, quarterRange } from './tds-deduction';
import { inForceOn, TdsSection } from './tds-section';

const section = (over: Partial<TdsSection>): TdsSection => ({
  id: 1,
  accountId: null,
  act: '1961',
  code: '194C',
  description: 'Contractors',
  rateIndividual: '1.000',
  rateOther: '2.000',
  noPanRate: '20.000',
  singleThreshold: '30000.00',
  yearlyThreshold: '100000.00',
  thresholdMode: 'whole',
  effectiveFrom: null,
  effectiveTo: null,
  act2025Section: null,
  act2025PaymentCode: null,
  act2025PaymentCodeOther: null,
  source: null,
  ...over,
});
const C194 = section({});
const J194 = section({ code: '194J', rateIndividual: '10.000', rateOther: '10.000', singleThreshold: null, yearlyThreshold: '50000.00' });
const H194 = section({
  code: '194H',
  rateIndividual: '2.000',
  rateOther: '2.000',
  singleThreshold: null,
  yearlyThreshold: '20000.00',
  effectiveFrom: '2025-04-01',
});
const I194 = section({ code: '194I', rateIndividual: '10.000', rateOther: '10.000', singleThreshold: '50000.00', yearlyThreshold: null });
const Q194 = section({
  code: '194Q',
  rateIndividual: '0.100',
  rateOther: '0.100',
  noPanRate: '5.000',
  singleThreshold: null,
  yearlyThreshold: '5000000.00',
  thresholdMode: 'excess',
});
const calc = (
  s: TdsSection,
  base: string,
  extra: Partial<{ payeeType: 'individual' | 'huf' | 'company'; hasPan: boolean; ytdAmount: string; ytdTaxedAmount: string }> = {},
) => calculateTds(s, { baseAmount: base, payeeType: 'company', hasPan: true, ytdAmount: '0', ...extra });

describe('calculateTds (GST-RULES.md TDS table)', () => {
  it.each([
    // 194C: 1% individual/HUF, 2% others; single payment above 30,000 or year above 1,00,000
    ['194C within both thresholds', C194, '30000', {}, '0.00', 'below_threshold'],
    ['194C single payment crossed (company 2%)', C194, '30000.01', {}, '600.00', 'single_payment'],
    ['194C single payment crossed (individual 1%)', C194, '45678.90', { payeeType: 'individual' }, '456.79', 'single_payment'],
    ['194C single payment crossed (HUF 1%)', C194, '31000', { payeeType: 'huf' }, '310.00', 'single_payment'],
    ['194C year reaches exactly 1,00,000: not crossed', C194, '25000', { ytdAmount: '75000' }, '0.00', 'below_threshold'],
    ['194C year crossed by a small payment: taxed on the year total', C194, '25000.50', { ytdAmount: '75000' }, '2000.01', 'yearly'],
    ['194C year crossed, part already taxed', C194, '20000', { ytdAmount: '90000', ytdTaxedAmount: '40000' }, '1400.00', 'yearly'],
    ['194C after the year was crossed: this payment only', C194, '10000', { ytdAmount: '120000' }, '200.00', 'yearly'],
    ['194C no PAN: 20%', C194, '40000', { hasPan: false, payeeType: 'individual' }, '8000.00', 'single_payment'],
    // 194J: 10% professional, yearly 50,000 from 2025-04-01
    ['194J within 50,000', J194, '50000', {}, '0.00', 'below_threshold'],
    ['194J year crossed by one payment', J194, '50000.01', {}, '5000.00', 'yearly'],
    ['194J year crossed over several payments', J194, '15000', { ytdAmount: '40000' }, '5500.00', 'yearly'],
    ['194J no PAN', J194, '60000', { hasPan: false }, '12000.00', 'yearly'],
    // 194H 2% above 20,000
    ['194H within 20,000', H194, '19999.99', {}, '0.00', 'below_threshold'],
    ['194H crossed', H194, '20000.01', {}, '400.00', 'yearly'],
    // 194I rent 10% above 50,000 a month
    ['194I a month at 50,000', I194, '50000', {}, '0.00', 'below_threshold'],
    ['194I a month above 50,000', I194, '55555.55', {}, '5555.56', 'single_payment'],
    // 194Q 0.1% of the part above 50 lakh; no PAN 5%
    ['194Q below 50 lakh', Q194, '4000000', { ytdAmount: '1000000' }, '0.00', 'below_threshold'],
    ['194Q crossing 50 lakh: only the excess', Q194, '1000000', { ytdAmount: '4500000' }, '500.00', 'yearly_excess'],
    ['194Q after crossing: whole payment', Q194, '123456.78', { ytdAmount: '6000000' }, '123.46', 'yearly_excess'],
    ['194Q no PAN: 5%', Q194, '1000000', { ytdAmount: '4500000', hasPan: false }, '25000.00', 'yearly_excess'],
  ] as const)('%s', (_name, s, base, extra, tds, threshold) => {
    const result = calc(s, base, extra as never);
    expect(result.tdsAmount).toBe(tds);
    expect(result.thresholdApplied).toBe(threshold);
    expect(result.reason).toEqual(expect.any(String));
  });

  it('no threshold: every payment is taxed', () => {
    expect(calc(section({ singleThreshold: null, yearlyThreshold: null }), '10.50').tdsAmount).toBe('0.21');
  });

  it('a section in force only from a date', () => {
    expect(inForceOn(H194, '2025-03-31')).toBe(false);
    expect(inForceOn(H194, '2025-04-01')).toBe(true);
    expect(inForceOn(section({ effectiveTo: '2025-03-31' }), '2025-04-01')).toBe(false);
  });

  it('deposit due dates: 7th of the next month, 30 April for March', () => {
    expect(depositDueDate('2025-04-15')).toBe('2025-05-07');
    expect(depositDueDate('2025-12-31')).toBe('2026-01-07');
    expect(depositDueDate('2026-03-01')).toBe('2026-04-30');
    expect(depositDueDate('2026-03-31')).toBe('2026-04-30');
  });

  it('quarters of the financial year', () => {
    expect(['2025-04-01', '2025-06-30', '2025-07-01', '2025-12-31', '2026-01-01', '2026-03-31'].map(quarterOf)).toEqual([1, 1, 2, 3, 4, 4]);
    expect(quarterRange(2025, 4)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });
});
