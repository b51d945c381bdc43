const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const MAX_SIGNATURE_BYTES = 1024 * 1024;
const DATA_URL = /^data:image\/png;base64,/i;

/**
 * Reads a signature sent as raw base64 or a `data:image/png;base64,` URL. Returns the canonical base64
 * of real PNG bytes (checked by the PNG signature, at most 1 MB), or null when it is not one.
 */
export function normalizePngBase64(input: string): string | null {
  const body = input.trim().replace(DATA_URL, '').replace(/\s+/g, '');
  if (!body || body.length > Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 4 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  const bytes = base64Decode(body);
  if (!bytes || bytes.length < 67 || bytes.length > MAX_SIGNATURE_BYTES) return null;
  if (!PNG_MAGIC.every((b, i) => bytes[i] === b)) return null;
  return body;
}

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|jpg);base64,/i;

/**
 * Reads a logo sent as raw base64 or a `data:image/png|jpeg;base64,` URL: the canonical base64 of real
 * PNG or JPEG bytes (checked by their signatures, at most 1 MB), or null when it is not one.
 */
export function normalizeLogoBase64(input: string): string | null {
  const body = input.trim().replace(IMAGE_DATA_URL, '').replace(/\s+/g, '');
  if (!body || body.length > Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 4 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  const bytes = base64Decode(body);
  if (!bytes || bytes.length < 16 || bytes.length > MAX_SIGNATURE_BYTES) return null;
  const png = PNG_MAGIC.every((b, i) => bytes[i] === b);
  const jpeg = JPEG_MAGIC.every((b, i) => bytes[i] === b);
  return png || jpeg ? body : null;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Plain base64 decoding without platform helpers (the domain stays free of Node APIs). */
export function base64Decode(input: string): Uint8Array | null {
  const clean = input.replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let j = 0;
  for (const ch of clean) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}
