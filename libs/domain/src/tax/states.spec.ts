import { GST_STATES, normalizeStateCode, stateName } from './states';

describe('GST_STATES', () => {
  it('holds every code of the rules, including the old 25 and 28 and the special 97 and 99', () => {
    const expected = [...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')), '97', '99'];
    expect(Object.keys(GST_STATES).sort()).toEqual(expected);
  });

  it('names the codes as the rules do', () => {
    expect(GST_STATES['27']).toBe('Maharashtra');
    expect(GST_STATES['29']).toBe('Karnataka');
    expect(GST_STATES['26']).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(GST_STATES['37']).toBe('Andhra Pradesh');
    expect(GST_STATES['97']).toBe('Other Territory');
    expect(GST_STATES['99']).toBe('Centre Jurisdiction');
  });

  it('cannot be changed', () => {
    expect(Object.isFrozen(GST_STATES)).toBe(true);
  });
});

describe('stateName', () => {
  it('returns the name for a known code', () => {
    expect(stateName('07')).toBe('Delhi');
    expect(stateName('33')).toBe('Tamil Nadu');
  });

  it('accepts a one-digit code or surrounding spaces', () => {
    expect(stateName('7')).toBe('Delhi');
    expect(stateName(' 09 ')).toBe('Uttar Pradesh');
  });

  it('returns null for unknown, malformed or missing codes', () => {
    for (const code of ['00', '39', '96', '98', 'AB', '123', '', '  ', null, undefined, 'toString', '__proto__']) {
      expect(stateName(code)).toBeNull();
    }
  });
});

describe('normalizeStateCode', () => {
  it('pads to two digits and rejects anything else', () => {
    expect(normalizeStateCode('5')).toBe('05');
    expect(normalizeStateCode('27')).toBe('27');
    expect(normalizeStateCode('2a')).toBeNull();
    expect(normalizeStateCode(null)).toBeNull();
  });
});
