import { base64Decode, normalizePngBase64 } from './signature';

// A 1x1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('normalizePngBase64', () => {
  it('accepts raw base64 and data URLs of real PNG bytes', () => {
    expect(normalizePngBase64(PNG)).toBe(PNG);
    expect(normalizePngBase64(`data:image/png;base64,${PNG}`)).toBe(PNG);
  });

  it('rejects non-PNG bytes, junk and empty input', () => {
    expect(normalizePngBase64(Buffer.from('GIF89a'.padEnd(80, 'x')).toString('base64'))).toBeNull();
    expect(normalizePngBase64('not base64 !!')).toBeNull();
    expect(normalizePngBase64('')).toBeNull();
    expect(normalizePngBase64('data:image/png;base64,')).toBeNull();
  });

  it('decodes base64 like Node does', () => {
    const bytes = Buffer.from(PNG, 'base64');
    expect(Buffer.from(base64Decode(PNG) as Uint8Array).equals(bytes)).toBe(true);
  });
});
