import { explicitPeriod, isSendDay, periodBefore } from './ca-sync-period';
import { applyCaSyncInput, DEFAULT_CA_SYNC } from './ca-sync';

describe('CA-sync periods', () => {
  it('covers the month before, across the year end and leap February', () => {
    expect(periodBefore('2026-11-01', 'monthly')).toEqual({ from: '2026-10-01', to: '2026-10-31', label: '2026-10' });
    expect(periodBefore('2026-01-01', 'monthly')).toEqual({ from: '2025-12-01', to: '2025-12-31', label: '2025-12' });
    expect(periodBefore('2028-03-15', 'monthly')).toEqual({ from: '2028-02-01', to: '2028-02-29', label: '2028-02' });
    expect(periodBefore('2026-03-01', 'monthly').to).toBe('2026-02-28');
  });

  it('covers the financial-year quarter before', () => {
    expect(periodBefore('2026-04-01', 'quarterly')).toEqual({ from: '2026-01-01', to: '2026-03-31', label: 'FY25-26 Q4' });
    expect(periodBefore('2026-07-01', 'quarterly')).toEqual({ from: '2026-04-01', to: '2026-06-30', label: 'FY26-27 Q1' });
    expect(periodBefore('2026-10-01', 'quarterly')).toEqual({ from: '2026-07-01', to: '2026-09-30', label: 'FY26-27 Q2' });
    expect(periodBefore('2027-01-01', 'quarterly')).toEqual({ from: '2026-10-01', to: '2026-12-31', label: 'FY26-27 Q3' });
    expect(periodBefore('2026-05-20', 'quarterly')).toEqual({ from: '2026-01-01', to: '2026-03-31', label: 'FY25-26 Q4' });
  });

  it('sends on the first day of each month, or of each quarter', () => {
    expect(isSendDay('2026-11-01', 'monthly')).toBe(true);
    expect(isSendDay('2026-11-02', 'monthly')).toBe(false);
    expect(isSendDay('2026-11-01', 'quarterly')).toBe(false);
    for (const d of ['2026-01-01', '2026-04-01', '2026-07-01', '2026-10-01']) expect(isSendDay(d, 'quarterly')).toBe(true);
  });

  it('checks an explicit period', () => {
    expect(explicitPeriod('2026-10-01', '2026-10-31')).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(() => explicitPeriod('2026-10-31', '2026-10-01')).toThrow(expect.objectContaining({ details: { to: 'must not be before from' } }));
    expect(() => explicitPeriod('2026-02-30', '2026-10-01')).toThrow(expect.objectContaining({ code: 'validation_error' }));
    expect(() => explicitPeriod('2025-01-01', '2026-10-01')).toThrow(expect.objectContaining({ code: 'validation_error' }));
  });

  it('validates settings by field and needs an address while enabled', () => {
    expect(applyCaSyncInput(DEFAULT_CA_SYNC, { enabled: true, caEmail: 'ca@example.com', frequency: 'quarterly', format: 'csv' })).toMatchObject({
      enabled: true,
      caEmail: 'ca@example.com',
      frequency: 'quarterly',
      format: 'csv',
    });
    let details: unknown;
    try {
      applyCaSyncInput(DEFAULT_CA_SYNC, { enabled: 'yes', caEmail: 'nope', frequency: 'weekly', format: 'pdf' });
    } catch (e) {
      details = (e as { details: unknown }).details;
    }
    expect(Object.keys(details as object).sort()).toEqual(['caEmail', 'enabled', 'format', 'frequency']);
    expect(() => applyCaSyncInput(DEFAULT_CA_SYNC, { enabled: true })).toThrow(
      expect.objectContaining({ details: { caEmail: 'is required while the sync is enabled' } }),
    );
  });
});
