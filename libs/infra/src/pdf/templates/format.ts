/** Display helpers for the PDF templates. Exact on decimal strings; they never compute tax. */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export function isNonZero(v: string | null | undefined): boolean {
  if (v === null || v === undefined) return false;
  const m = DECIMAL.exec(v.replace(/,/g, '').trim());
  return m ? /[1-9]/.test(m[2] + (m[3] ?? '')) : v.trim() !== '';
}

/** Digit grouping for a plain decimal string (Indian 12,34,567.00 for INR); anything else as given. */
export function formatAmount(value: unknown, currency: string): string {
  if (value === null || value === undefined) return '';
  const s = (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value)).trim();
  const m = DECIMAL.exec(s);
  if (!m) return s;
  const [, sign, int, frac] = m;
  let grouped: string;
  if (currency === 'INR' && int.length > 3) {
    const head = int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
    grouped = `${head},${int.slice(-3)}`;
  } else {
    grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }
  return `${sign}${grouped}${frac !== undefined ? '.' + frac : ''}`;
}

/** '18.00' / 2 -> '9%'; '0.25' / 2 -> '0.125%'. Display only; exact on decimal strings. */
export function percent(rate: string | null | undefined, divisor: 1 | 2): string {
  if (!rate) return '';
  const m = DECIMAL.exec(rate.replace(/%/g, '').trim());
  if (!m) return rate;
  const scaled = BigInt(m[2] + (m[3] ?? '').padEnd(4, '0').slice(0, 4)) * BigInt(10); // 5 decimal places
  const q = scaled / BigInt(divisor);
  const int = q / BigInt(100000);
  const frac = (q % BigInt(100000)).toString().padStart(5, '0').replace(/0+$/, '');
  return `${m[1]}${int}${frac ? '.' + frac : ''}%`;
}

/** Exact sum of decimal strings (in 1/100s); null when any is not a plain decimal. */
export function sumAmounts(values: string[]): string | null {
  let total = BigInt(0);
  for (const v of values) {
    const m = DECIMAL.exec((v ?? '').replace(/,/g, '').trim());
    if (!m || (m[3] ?? '').length > 2) return null;
    const paise = BigInt(m[2]) * BigInt(100) + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
    total += m[1] === '-' ? -paise : paise;
  }
  const neg = total < BigInt(0);
  const abs = neg ? -total : total;
  return `${neg ? '-' : ''}${abs / BigInt(100)}.${(abs % BigInt(100)).toString().padStart(2, '0')}`;
}

/** A data: URI for a base64 PNG (or JPEG) signature; null when absent or not valid base64 image data. */
export function imageDataUri(base64: string | null | undefined): string | null {
  if (!base64) return null;
  const b64 = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return null;
  if (b64.startsWith('iVBORw0KGgo')) return `data:image/png;base64,${b64}`;
  if (b64.startsWith('/9j/')) return `data:image/jpeg;base64,${b64}`;
  return null;
}
