import { cessMayApply, isGstRate, isRateInForce, ratePeriodOn, RATE_PERIODS } from './gst-rates';

describe('GST rates by date', () => {
  it('knows the rates the returns accept, in any notation, and nothing else', () => {
    for (const rate of ['0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '12', '18', '28', '40', 18, '18.00', 0.25]) {
      expect(isGstRate(rate)).toBe(true);
    }
    for (const rate of ['17', 17, '2.5', '9', '14', '20', '-5', '100', 'abc', '']) expect(isGstRate(rate)).toBe(false);
  });

  it('GST 2.0 starts on 2025-09-22: 40 percent from that day, 12 percent until the day before', () => {
    expect(isRateInForce('40', '2025-09-21')).toBe(false);
    expect(isRateInForce('40', '2025-09-22')).toBe(true);
    expect(isRateInForce('12', '2025-09-21')).toBe(true);
    expect(isRateInForce('12', '2025-09-22')).toBe(false);
    expect(isRateInForce('18', '2025-09-21')).toBe(true);
    expect(isRateInForce('18', '2025-09-22')).toBe(true);
  });

  it('28 percent ends with 2026-01-31 (19/2025-Central Tax (Rate))', () => {
    expect(isRateInForce('28', '2026-01-31')).toBe(true);
    expect(isRateInForce('28', '2026-02-01')).toBe(false);
    expect(isRateInForce('40', '2026-02-01')).toBe(true);
    expect(isRateInForce('12', '2026-10-15')).toBe(false);
  });

  it('no rate is in force before GST, and the periods meet day to day without gaps', () => {
    expect(ratePeriodOn('2017-06-30')).toBeNull();
    expect(isRateInForce('18', '2017-06-30')).toBe(false);
    for (let i = 1; i < RATE_PERIODS.length; i++) {
      const end = new Date(`${RATE_PERIODS[i - 1].to}T00:00:00Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      expect(end.toISOString().slice(0, 10)).toBe(RATE_PERIODS[i].from);
    }
    expect(RATE_PERIODS[RATE_PERIODS.length - 1].to).toBeNull();
  });

  it('compensation cess: any good before GST 2.0, tobacco and pan masala until 2026-01-31, nothing after', () => {
    expect(cessMayApply('2025-09-21', '87032291')).toBe(true);
    expect(cessMayApply('2025-09-22', '87032291')).toBe(false);
    expect(cessMayApply('2025-09-22', '24022010')).toBe(true);
    expect(cessMayApply('2026-01-31', '21069020')).toBe(true);
    expect(cessMayApply('2026-02-01', '24022010')).toBe(false);
    expect(cessMayApply('2026-02-01', null)).toBe(false);
  });
});
