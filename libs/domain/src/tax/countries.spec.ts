import { countryName, destinationCountryValue, DESTINATION_COUNTRY_RULE } from './countries';

describe('countries (ISO 3166-1 alpha-2)', () => {
  it('names the 249 codes ISO 3166-1 assigns, and none of the others', () => {
    const named: string[] = [];
    for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) if (countryName(String.fromCharCode(a, b))) named.push(String.fromCharCode(a, b));
    expect(named).toHaveLength(249);
    expect(countryName('US')).toBe('United States');
    expect(countryName('AE')).toBe('United Arab Emirates');
    for (const code of ['EU', 'UN', 'XK', 'ZZ', 'UK', 'SU', 'us', 'USA', '']) expect(countryName(code)).toBeNull();
  });

  it('takes the destination of an export: a country outside India, upper-cased; empty is none', () => {
    expect(destinationCountryValue(' us ')).toEqual({ code: 'US', problem: null });
    expect(destinationCountryValue(undefined)).toEqual({ code: null, problem: null });
    expect(destinationCountryValue('')).toEqual({ code: null, problem: null });
    for (const bad of ['IN', 'in', 'EU', 'XX', 'United States', 42])
      expect(destinationCountryValue(bad)).toEqual({ code: null, problem: DESTINATION_COUNTRY_RULE });
  });
});
