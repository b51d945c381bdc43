import ipaddr from 'ipaddr.js';

/** What an IP address is, for the SSRF guard of outbound connections (webhooks, shop admin APIs). */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved' | 'invalid';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const cidr = (text: string) => ipaddr.parseCIDR(text);
const within = (address: IPv4 | IPv6, ranges: ReadonlyArray<[IPv4 | IPv6, number]>) =>
  ranges.some((range) => range[0].kind() === address.kind() && address.match(range));

/** Cloud metadata services, refused even where their range (link-local, ULA) would say otherwise. */
const METADATA = [cidr('169.254.169.254/32'), cidr('169.254.170.2/32'), cidr('fd00:ec2::254/128')];

const V4: ReadonlyArray<[AddressClass, ReadonlyArray<[IPv4 | IPv6, number]>]> = [
  ['unspecified', [cidr('0.0.0.0/8')]], // "this network"
  ['loopback', [cidr('127.0.0.0/8')]],
  ['private', [cidr('10.0.0.0/8'), cidr('172.16.0.0/12'), cidr('192.168.0.0/16'), cidr('100.64.0.0/10')]], // RFC 1918, carrier-grade NAT
  ['link_local', [cidr('169.254.0.0/16')]],
  ['multicast', [cidr('224.0.0.0/4')]],
  [
    'reserved',
    [
      cidr('192.0.0.0/24'), // IETF protocol assignments
      cidr('192.0.2.0/24'), // documentation (TEST-NET-1, -2, -3)
      cidr('198.51.100.0/24'),
      cidr('203.0.113.0/24'),
      cidr('192.88.99.0/24'), // 6to4 relay anycast
      cidr('198.18.0.0/15'), // benchmarking
      cidr('192.31.196.0/24'), // AS112
      cidr('192.175.48.0/24'),
      cidr('192.52.193.0/24'), // AMT
      cidr('240.0.0.0/4'), // future use and the broadcast address
    ],
  ],
];

/** IPv6 outside the forms that embed an IPv4 address (those are judged by the IPv4 address they carry). */
const V6: ReadonlyArray<[AddressClass, ReadonlyArray<[IPv4 | IPv6, number]>]> = [
  ['unspecified', [cidr('::/128')]],
  ['loopback', [cidr('::1/128')]],
  ['private', [cidr('fc00::/7'), cidr('fec0::/10'), cidr('64:ff9b:1::/48')]], // ULA, old site-local, local-use NAT64 (RFC 8215)
  ['link_local', [cidr('fe80::/10')]],
  ['multicast', [cidr('ff00::/8')]],
  [
    'reserved',
    [
      cidr('100::/64'), // discard
      cidr('2001::/23'), // IETF protocol assignments (benchmarking, ORCHID, AMT, AS112...); Teredo is judged before
      cidr('2001:db8::/32'), // documentation
      cidr('3fff::/20'), // documentation
      cidr('5f00::/16'), // segment routing
      cidr('2620:4f:8000::/48'), // AS112
    ],
  ],
];
/** Global unicast: any other IPv6 address outside it is unassigned. */
const GLOBAL_UNICAST = [cidr('2000::/3')];

const v4FromGroups = (high: number, low: number): IPv4 => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);

function classifyV4(address: IPv4): AddressClass {
  if (within(address, METADATA)) return 'metadata';
  return V4.find(([, ranges]) => within(address, ranges))?.[0] ?? 'public';
}

/**
 * The IPv4 addresses an IPv6 address carries, in the forms that lead to them: IPv4-mapped (::ffff:0:0/96) and
 * translated (::ffff:0:0:0/96), IPv4-compatible (::/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16, the next 32
 * bits) and Teredo (2001::/32: the server in bits 32-63, the client as the bitwise NOT of the last 32 bits).
 * Null when it is none of these.
 */
function embeddedV4(address: IPv6): IPv4[] | null {
  const g = address.parts;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return [v4FromGroups(g[6], g[7])];
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return [v4FromGroups(g[6], g[7])];
  if (zeros(0, 6) && !(g[6] === 0 && g[7] <= 1)) return [v4FromGroups(g[6], g[7])]; // not :: or ::1
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return [v4FromGroups(g[6], g[7])];
  if (g[0] === 0x2002) return [v4FromGroups(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [v4FromGroups(~g[6] & 0xffff, ~g[7] & 0xffff), v4FromGroups(g[2], g[3])];
  return null;
}

function classifyV6(address: IPv6): AddressClass {
  if (within(address, METADATA)) return 'metadata';
  const carried = embeddedV4(address);
  if (carried) return carried.map(classifyV4).find((kind) => kind !== 'public') ?? 'public';
  const kind = V6.find(([, ranges]) => within(address, ranges))?.[0];
  if (kind) return kind;
  return within(address, GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/**
 * Classifies an IPv4 address in dotted-quad form or an IPv6 address (with or without a zone), as the
 * resolver returns them and as a URL's host carries them. Anything else is `invalid`.
 */
export function classifyAddress(text: string): AddressClass {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return classifyV4(ipaddr.IPv4.parse(text));
  if (text.includes(':') && ipaddr.IPv6.isValid(text)) return classifyV6(ipaddr.IPv6.parse(text));
  return 'invalid';
}

/** Whether an outbound call may reach an address: public ones always; loopback only when local use is allowed. */
export function mayDeliverTo(address: string, allowLocal: boolean): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (allowLocal && kind === 'loopback');
}
