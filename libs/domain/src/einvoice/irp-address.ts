import { GST_STATES } from '../tax/states';

const PIN = /(?:^|\D)([1-9]\d{2}\s?\d{3})(?!\d)/;
/** Names of states and union territories (and the country), which are `Stcd`, never a line of the address. */
const NOT_A_PLACE = new Set([...Object.values(GST_STATES), 'India'].map((s) => s.toLowerCase()));
const clip = (text: string, max: number) => text.slice(0, max).trim();

/**
 * The address lines of a free-text address for the IRP, within the schema's lengths: the 6-digit PIN; `loc`, the
 * place written with the PIN (or, when that is only the state, the part before it; without a PIN, the last part);
 * `addr1` the first part and `addr2` the parts between it and the place (when either would be longer than 100
 * characters, the street text is cut in two at the last comma or space within 100). Parts are separated by commas, semicolons or line breaks; the state and
 * "India" are left out (the state is `Stcd`). `addr2` is '' when there is nothing, or under 3 characters, for it.
 */
export function splitAddress(address: string | null): { addr1: string; addr2: string; loc: string; pin: number | null } {
  const raw = (address ?? '').split(/[,;\n]/).map((p) => p.replace(/\s+/g, ' ').trim());
  let pin: number | null = null;
  let pinPart = -1;
  for (let i = raw.length - 1; i >= 0 && pinPart < 0; i--) {
    const m = PIN.exec(raw[i]);
    if (!m) continue;
    pin = Number(m[1].replace(/\s/g, ''));
    pinPart = i;
    raw[i] = raw[i].replace(m[1], ' ');
  }
  const clean = (p: string) =>
    p
      .replace(/\b(pin\s*code|pincode|pin)\b\s*[:.-]?/gi, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[-\s:]+|[-\s:]+$/g, '')
      .trim();
  const parts = raw.map((p, i) => ({ text: clean(p), i })).filter((p) => p.text.length > 0 && !NOT_A_PLACE.has(p.text.toLowerCase()));
  if (!parts.length) return { addr1: '', addr2: '', loc: '', pin };
  let locAt = parts.length - 1;
  if (pinPart >= 0) {
    const before = parts.map((p) => p.i <= pinPart).lastIndexOf(true);
    locAt = before >= 0 ? before : locAt;
  }
  const loc = clip(parts[locAt].text, 50);
  const street = parts.filter((_, k) => k !== locAt).map((p) => p.text);
  if (!street.length) return { addr1: clip(loc, 100), addr2: '', loc, pin };
  let addr1 = street[0];
  let addr2 = street.slice(1).join(', ');
  if (addr1.length > 100 || addr2.length > 100) {
    // Too long for a first line and the rest: the text is cut in two at the last comma or space within 100 characters.
    const all = street.join(', ');
    const comma = all.lastIndexOf(', ', 100);
    const cut = comma > 0 ? comma : all.lastIndexOf(' ', 100);
    const at = cut > 0 ? cut : 100;
    addr1 = all.slice(0, at);
    addr2 = all.slice(at).replace(/^[,\s]+/, '');
  }
  addr2 = clip(addr2, 100);
  return { addr1: clip(addr1, 100), addr2: addr2.length >= 3 ? addr2 : '', loc, pin };
}
