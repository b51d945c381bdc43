/** What an IP address is, for the SSRF guard of outbound webhooks. */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved' | 'invalid';

function ipv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? bytes : null;
}

/** Eight 16-bit groups of an IPv6 address (with `::` and an embedded IPv4 tail), or null. */
function ipv6(text: string): number[] | null {
  let value = text.toLowerCase();
  const zone = value.indexOf('%');
  if (zone >= 0) value = value.slice(0, zone);
  const lastColon = value.lastIndexOf(':');
  if (lastColon >= 0 && value.slice(lastColon + 1).includes('.')) {
    const v4 = ipv4(value.slice(lastColon + 1));
    if (!v4) return null;
    value = `${value.slice(0, lastColon + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = value.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const fixed = head.length + rest.length;
  if ([...head, ...rest].some((g) => Number.isNaN(g))) return null;
  if (halves.length === 1 && fixed !== 8) return null;
  if (halves.length === 2 && fixed > 7) return null;
  return [...head, ...new Array<number>(8 - fixed).fill(0), ...rest];
}

function classifyV4([a, b, c, d]: number[]): AddressClass {
  if (a === 169 && b === 254 && c === 169 && d === 254) return 'metadata';
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private'; // carrier-grade NAT
  if (a === 169 && b === 254) return 'link_local';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240 || (a === 192 && b === 0 && c === 0) || (a === 198 && (b === 18 || b === 19))) return 'reserved';
  return 'public';
}

/** Classifies an IPv4 or IPv6 address as the resolver returns it. */
export function classifyAddress(address: string): AddressClass {
  const v4 = ipv4(address);
  if (v4) return classifyV4(v4);
  const g = ipv6(address);
  if (!g) return 'invalid';
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return classifyV4([g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255]); // IPv4-mapped
  if (g.every((x) => x === 0)) return 'unspecified';
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'loopback';
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) return 'metadata';
  if ((g[0] & 0xfe00) === 0xfc00) return 'private';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link_local';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x64 && g[1] === 0xff9b) return 'reserved'; // NAT64 can reach anything
  return 'public';
}

/** Whether webhooks may reach an address: public ones always; loopback only when local delivery is allowed. */
export function mayDeliverTo(address: string, allowLocal: boolean): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (allowLocal && kind === 'loopback');
}
