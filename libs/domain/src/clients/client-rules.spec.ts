import { expectValidationDetails } from '../../testing/validation-details';
import fc from 'fast-check';
import { gstinCheckCharacter } from '../tax/gstin';
import { GST_STATES } from '../tax/states';
import { ClientFields } from './client';
import { buildClientFields, ClientInput } from './client-rules';

const valid: ClientInput = { name: 'Sharma Traders', phone: '9876543210', email: 'accounts@sharma.example' };

const errorsOf = expectValidationDetails;

describe('buildClientFields on create', () => {
  it('returns the normalized fields with defaults', () => {
    expect(buildClientFields(valid)).toEqual<ClientFields>({
      name: 'Sharma Traders',
      phone: '9876543210',
      countryCode: '+91',
      email: 'accounts@sharma.example',
      address: null,
      gstin: null,
      stateCode: null,
      registrationType: null,
    });
  });

  it('requires name, phone and email, all reported at once and keyed by field', () => {
    expect(errorsOf(() => buildClientFields({}))).toEqual({ name: 'is required', phone: 'is required', email: 'is required' });
  });

  it.each(['name', 'phone', 'email'] as const)('treats an empty %s (blank after trimming) as missing, and only that one', (field) => {
    expect(errorsOf(() => buildClientFields({ ...valid, [field]: '' }))).toEqual({ [field]: 'is required' });
    const { [field]: _omitted, ...without } = valid;
    expect(errorsOf(() => buildClientFields(without))).toEqual({ [field]: 'is required' });
  });

  it.each([
    ['+91 98765-43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['98765-432-10', '9876543210'],
    ['+1 415 555 0123', '+14155550123'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('normalizes the phone %p to %p', (raw, phone) => {
    expect(buildClientFields({ ...valid, phone: raw }).phone).toBe(phone);
  });

  it('keeps the digits of a number given with another country code', () => {
    expect(buildClientFields({ ...valid, phone: '415 555 0123', countryCode: '+1' })).toMatchObject({ phone: '4155550123', countryCode: '+1' });
  });

  it.each([
    [{ phone: '12345' }, 'phone'],
    [{ phone: '98765abcde' }, 'phone'],
    [{ phone: '0987654321' }, 'phone'],
    [{ email: 'not-an-email' }, 'email'],
    [{ email: 'two@@example.com' }, 'email'],
    [{ name: 'x'.repeat(256) }, 'name'],
    [{ address: 'x'.repeat(1001) }, 'address'],
    [{ countryCode: '91' }, 'countryCode'],
    [{ countryCode: '+0' }, 'countryCode'],
    [{ countryCode: 'India' }, 'countryCode'],
  ] as Array<[ClientInput, string]>)('rejects %p keyed by %s alone', (change, field) => {
    expect(Object.keys(errorsOf(() => buildClientFields({ ...valid, ...change })))).toEqual([field]);
  });

  it('reports every invalid field together', () => {
    expect(Object.keys(errorsOf(() => buildClientFields({ name: '', phone: '123', email: 'bad', gstin: '27AAPFU0939F1ZW' }))).sort()).toEqual([
      'email',
      'gstin',
      'name',
      'phone',
    ]);
  });

  it('accepts a valid GSTIN, uppercases it and takes the state code from it', () => {
    expect(buildClientFields({ ...valid, gstin: '27AAPFU0939F1ZV' })).toMatchObject({ gstin: '27AAPFU0939F1ZV', stateCode: '27' });
    expect(buildClientFields({ ...valid, gstin: '29aaach7409r1zx' })).toMatchObject({ gstin: '29AAACH7409R1ZX', stateCode: '29' });
  });

  it('treats an empty GSTIN or null as none', () => {
    expect(buildClientFields({ ...valid, gstin: '' })).toMatchObject({ gstin: null, stateCode: null });
    expect(buildClientFields({ ...valid, gstin: null })).toMatchObject({ gstin: null, stateCode: null });
  });

  it.each([
    ['27AAPFU0939F1ZW', /check character/],
    ['27AAPFU0939F1Z', /15 characters/],
    ['27AAPFU0939F1ZVX', /15 characters/],
    ['45AAPFU0939F1ZV', /state code/],
    ['27AAPF10939F1ZV', /PAN/],
    ['27AAPFU0939F1Z-', /letters and digits/],
  ])('rejects the GSTIN %p keyed by gstin', (gstin, reason) => {
    expect(errorsOf(() => buildClientFields({ ...valid, gstin }))).toEqual({ gstin: expect.stringMatching(reason) });
  });

  it('keeps a state code sent without GSTIN, and an agreeing one sent with it', () => {
    expect(buildClientFields({ ...valid, stateCode: '07' })).toMatchObject({ gstin: null, stateCode: '07' });
    expect(buildClientFields({ ...valid, gstin: '27AAPFU0939F1ZV', stateCode: '27' })).toMatchObject({ stateCode: '27' });
    expect(buildClientFields({ ...valid, gstin: '27AAPFU0939F1ZV', stateCode: '' })).toMatchObject({ stateCode: '27' });
  });

  it('refuses a state code that is unknown or contradicts the GSTIN, keyed by stateCode', () => {
    expect(errorsOf(() => buildClientFields({ ...valid, stateCode: '77' }))).toEqual({ stateCode: expect.any(String) });
    expect(errorsOf(() => buildClientFields({ ...valid, gstin: '27AAPFU0939F1ZV', stateCode: '29' }))).toEqual({
      stateCode: expect.stringContaining('27'),
    });
  });

  describe('GSTIN properties', () => {
    const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const pick = (chars: string, n: number) => fc.array(fc.constantFrom(...chars.split('')), { minLength: n, maxLength: n }).map((a) => a.join(''));
    const body = fc
      .tuple(
        fc.constantFrom(...Object.keys(GST_STATES)),
        pick(ALPHABET.slice(10), 5),
        pick(ALPHABET.slice(0, 10), 4),
        pick(ALPHABET.slice(10), 1),
        pick(ALPHABET.slice(1), 1),
        pick(ALPHABET, 1),
      )
      .map((parts) => parts.join(''));

    it('any well-formed GSTIN with its check character is accepted, in either case, with its state', () => {
      fc.assert(
        fc.property(body, fc.boolean(), (b, lower) => {
          const g = b + gstinCheckCharacter(b);
          const fields = buildClientFields({ ...valid, gstin: lower ? g.toLowerCase() : g });
          expect(fields.gstin).toBe(g);
          expect(fields.stateCode).toBe(g.slice(0, 2));
        }),
      );
    });

    it('any other last character is refused, keyed by gstin', () => {
      fc.assert(
        fc.property(body, fc.constantFrom(...ALPHABET.split('')), (b, last) => {
          fc.pre(last !== gstinCheckCharacter(b));
          expect(errorsOf(() => buildClientFields({ ...valid, gstin: b + last }))).toEqual({ gstin: expect.stringMatching(/check character/) });
        }),
      );
    });
  });
});

describe('buildClientFields merging over a stored client (PATCH)', () => {
  const stored: ClientFields = {
    name: 'Stored Name',
    phone: '9876543210',
    countryCode: '+91',
    email: 'stored@example.com',
    address: 'Old street',
    gstin: '27AAPFU0939F1ZV',
    stateCode: '27',
    registrationType: null,
  };

  it('returns the stored record unchanged for an empty patch', () => {
    expect(buildClientFields({}, stored)).toEqual(stored);
  });

  it('overrides only the fields sent, normalizing them', () => {
    expect(buildClientFields({ name: 'New Name', phone: '+91 90000-11111' }, stored)).toEqual({
      ...stored,
      name: 'New Name',
      phone: '9000011111',
    });
  });

  it('validates the merged record, keyed by field', () => {
    expect(errorsOf(() => buildClientFields({ email: 'broken@' }, stored))).toEqual({ email: expect.any(String) });
    expect(errorsOf(() => buildClientFields({ name: '' }, stored))).toEqual({ name: 'is required' });
    expect(errorsOf(() => buildClientFields({ phone: '' }, stored))).toEqual({ phone: 'is required' });
    expect(errorsOf(() => buildClientFields({ gstin: '29AAACH7409R1ZY' }, stored))).toEqual({ gstin: expect.any(String) });
    expect(errorsOf(() => buildClientFields({ stateCode: '29' }, stored))).toEqual({ stateCode: expect.stringContaining('27') });
  });

  it('removes the GSTIN (and the state it gave) with null or an empty string', () => {
    expect(buildClientFields({ gstin: null }, stored)).toMatchObject({ gstin: null, stateCode: null, name: 'Stored Name' });
    expect(buildClientFields({ gstin: '' }, stored)).toMatchObject({ gstin: null, stateCode: null });
  });

  it('takes the state of a new GSTIN', () => {
    expect(buildClientFields({ gstin: '29aaach7409r1zx' }, stored)).toMatchObject({ gstin: '29AAACH7409R1ZX', stateCode: '29' });
  });

  it('keeps a stored state code of a client without GSTIN when other fields change', () => {
    const noGstin = { ...stored, gstin: null, stateCode: '07' };
    expect(buildClientFields({ name: 'Renamed' }, noGstin)).toMatchObject({ name: 'Renamed', gstin: null, stateCode: '07' });
    expect(buildClientFields({ stateCode: null }, noGstin)).toMatchObject({ stateCode: null });
  });

  it('keeps a stored international number valid on re-validation', () => {
    const abroad = { ...stored, phone: '+14155550123' };
    expect(buildClientFields({ name: 'Abroad' }, abroad)).toMatchObject({ phone: '+14155550123', name: 'Abroad' });
  });

  it('clears the address with null and keeps it when not sent', () => {
    expect(buildClientFields({ address: null }, stored).address).toBeNull();
    expect(buildClientFields({ name: 'X' }, stored).address).toBe('Old street');
  });
});
