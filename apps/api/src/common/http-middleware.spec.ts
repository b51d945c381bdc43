import { requestIdFor } from './http-middleware';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdFor', () => {
  it("keeps a client's X-Request-Id only when it is a UUID", () => {
    expect(requestIdFor('6f1c2a9e-3b7d-4c55-9e1a-0d2b8c4f7a13')).toBe('6f1c2a9e-3b7d-4c55-9e1a-0d2b8c4f7a13');
    expect(requestIdFor('6F1C2A9E-3B7D-4C55-9E1A-0D2B8C4F7A13')).toBe('6F1C2A9E-3B7D-4C55-9E1A-0D2B8C4F7A13');
  });

  it.each([
    ['an API key', `ik_${'A1b2_C3d4-'.repeat(4)}xyz`],
    ['a short plain id', 'edge-test-0001'],
    ['a UUID without hyphens', '6f1c2a9e3b7d4c559e1a0d2b8c4f7a13'],
    ['a UUID in braces', '{6f1c2a9e-3b7d-4c55-9e1a-0d2b8c4f7a13}'],
    ['a UUID with more after it', '6f1c2a9e-3b7d-4c55-9e1a-0d2b8c4f7a13 ik_secret'],
    ['an empty value', ''],
  ])('makes a new one for %s', (_what, sent) => {
    const id = requestIdFor(sent);
    expect(id).toMatch(UUID);
    expect(id).not.toBe(sent);
  });

  it('makes a new one when the header is missing or repeated', () => {
    expect(requestIdFor(undefined)).toMatch(UUID);
    expect(requestIdFor(['6f1c2a9e-3b7d-4c55-9e1a-0d2b8c4f7a13', '6f1c2a9e-3b7d-4c55-9e1a-0d2b8c4f7a13'])).not.toBe('6f1c2a9e-3b7d-4c55-9e1a-0d2b8c4f7a13');
    expect(requestIdFor(undefined)).not.toBe(requestIdFor(undefined));
  });
});
