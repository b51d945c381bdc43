import fc from 'fast-check';
import type { Operation, Parameter, Schema } from './openapi-operations';

/** A reference to a record of the fuzzing world, resolved when the request is sent (`client_id` -> a client's id). */
export class IdRef {
  constructor(
    readonly field: string,
    readonly whose: 'own' | 'other',
    readonly index: number,
  ) {}
}

export type Caller = 'owner-key' | 'owner-token' | 'clerk-token' | 'other-key' | 'none' | 'garbage';
export type PathValue = { kind: 'own' | 'other'; index: number } | { kind: 'literal'; value: string };

/** One request, abstract until the world (ids, tokens) resolves it. */
export interface RequestPlan {
  op: Operation;
  caller: Caller;
  garbageAuth: Record<string, string>;
  /** X-Request-Id to send, if any. */
  requestId: string | null;
  path: Record<string, PathValue>;
  query: Array<[string, string]>;
  /** JSON value to send, or raw text (with its content type), or nothing. */
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string } | { kind: 'none' };
}

const DEEP = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

/**
 * URLs whose host is a private or special address in one of its IPv6 disguises (IPv4-mapped, IPv4-compatible,
 * 6to4, NAT64, Teredo, unique-local, link-local): no URL field may accept one.
 */
export const PRIVATE_URLS = [
  'http://[::a9fe:a9fe]/hook',
  'http://[2002:a9fe:a9fe::1]/hook',
  'https://[::ffff:169.254.169.254]/hook',
  'https://[::ffff:7f00:1]/hook',
  'https://[64:ff9b::a00:1]/hook',
  'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
  'https://[fd00::1]/hook',
  'https://[fe80::1]/hook',
  'https://[::1]/hook',
  'https://127.0.0.1/hook',
  'https://10.1.2.3/hook',
];

/** Request ids a client may send: a UUID is kept, anything else (a secret by mistake, a log injection) is replaced. */
export const REQUEST_IDS = ['3f0c9a52-8a4e-4b61-9d2a-6f1c2b7e9a10', 'ik_' + 'S'.repeat(43), 'req\tid; level=fatal', 'x'.repeat(300), '', '{"level":60}'];

/** Values that break naive code: wrong types, edges of numbers, odd unicode, injection strings, nesting. */
const WEIRD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  1.5,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  '',
  ' ',
  '   \t\n',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e999',
  'null',
  'true',
  '2025-02-30',
  '2025-13-01',
  '0000-00-00',
  '9999-12-31',
  '0001-01-01',
  '0001-03-31',
  '2125-05-01',
  '1899-12-31',
  '2025-04-01T00:00:00Z',
  '\u0000',
  'name\u0000tail',
  '\u0001\u0007\u001b[31mred',
  'line\u0085next\u009f',
  '\uD800',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '😀'.repeat(50),
  'ा'.repeat(300),
  "' OR '1'='1",
  '1; DROP TABLE invoices; --',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return process")()}}',
  '../../etc/passwd',
  ...PRIVATE_URLS,
  '%00%2e%2e',
  '${jndi:ldap://x}',
  'a'.repeat(256),
  'a'.repeat(70_000),
  {},
  [],
  [null],
  [[]],
  { $gt: '' },
  { toString: 'x', valueOf: 1 },
  { __proto__: { polluted: true } },
  Array.from({ length: 300 }, (_, i) => i),
  DEEP(30),
  DEEP(120),
];

export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...WEIRD_VALUES) },
  { weight: 1, arbitrary: fc.fullUnicodeString({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);

const WEIRD_STRINGS = WEIRD_VALUES.filter((v): v is string => typeof v === 'string' && v.length < 1000);
const weirdString = fc.oneof(fc.constantFrom(...WEIRD_STRINGS), fc.fullUnicodeString({ maxLength: 20 }), fc.integer().map(String));

/**
 * Dates mostly of these decades (the 1990s are outside the dates the service takes, 2000-01-01 to 2099-12-31), the
 * edges of that window and of the numbered financial years, sometimes centuries away (FY 9999, before April 0001, the
 * same FY label a century apart).
 */
const dateString = fc.oneof(
  { weight: 9, arbitrary: fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.constantFrom('1999-12-31', '2000-01-01', '2000-03-31', '2000-04-01', '2099-12-31', '2100-01-01', '1900-01-01', '1950-06-01') },
  { weight: 1, arbitrary: fc.constantFrom('0001-01-01', '0001-04-01', '1899-12-31', '2125-05-01', '2225-04-01', '9999-04-01', '9999-12-31') },
);

/** A decimal as JSON sends it: a number, or the same as a string (the API takes both). */
const decimal = (values: Array<number | string>) => fc.constantFrom(...values).chain((v) => fc.constantFrom<unknown>(v, String(v)));

/**
 * Fields whose values the tax rules read, by name: mostly values the rules take (so that the computation behind them
 * runs: cess computed and checked, rupees at the exchange rate, a header discount shared among the lines, export
 * particulars printed), with the edges and the values they refuse. Any other field takes what its schema allows.
 */
const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  // GST rates: in force, not in force on some dates (12, 28 after GST 2.0; 40 before it) and no GST rate at all.
  tax_rate: fc.oneof({ weight: 6, arbitrary: decimal([0, 0.25, 3, 5, 12, 18, 28, 40]) }, { weight: 1, arbitrary: decimal([17, 100, 0.1, 7.5, -5]) }),
  cess_rate: fc.oneof(
    { weight: 6, arbitrary: decimal([0, 1, 12, 15, 22, 61, 160, 290, '12.5', '0.001']) },
    { weight: 1, arbitrary: decimal([290.001, 291, -1, '12.3456', 1e6]) },
  ),
  cess_amount: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 10_000_000 }).map((p) => p / 100) },
    { weight: 1, arbitrary: decimal([0, -1, '0.001', 9999999999999.99, 1e13]) },
  ),
  ecommerce_gstin: fc.constantFrom('29AABCF8078M1ZX', '29AABCF8078M1Z8', '29aabcf8078m1zx', '', null, 'X'.repeat(16)),
  ecommerce_section: fc.constantFrom('52', '9(5)', '9(4)', '', null),
  exchange_rate: fc.oneof(
    { weight: 6, arbitrary: decimal([83.25, '83.2567', 90.5, 0.0001, 1, 99999999.9999]) },
    { weight: 1, arbitrary: decimal([0, -83.25, '83.12345', 1e9]) },
  ),
  discount_value: fc.oneof(
    { weight: 6, arbitrary: decimal([0, 5, 10, '12.5', 100, 995, 1180, '0.01']) },
    { weight: 1, arbitrary: decimal([100.01, -1, '10.001', 1e13]) },
  ),
  delivery_address: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('Pier 9, Port of Oakland, CA 94607', 'Jebel Ali Free Zone, Dubai', '  ', '') },
    { weight: 1, arbitrary: fc.constantFrom('a'.repeat(500), 'a'.repeat(501), 'line\nnext') },
  ),
  destination_country: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('US', 'AE', 'gb', ' de ', 'SG') },
    // India (refused on an export) on its own, so the seeded sample holds it whatever operations the document has.
    { weight: 2, arbitrary: fc.constantFrom('IN', 'in') },
    { weight: 2, arbitrary: fc.constantFrom('EU', 'XK', 'ZZ', 'UK', 'USA', 'U', '', '1A') },
    { weight: 1, arbitrary: fc.string({ minLength: 2, maxLength: 2 }) },
  ),
  // A ship-to party's GSTIN (valid, a bad check character, a UIN, lowercase) and a client's registration type.
  ship_to_gstin: fc.constantFrom('29AAACH7409R1ZX', '29AAACH7409R1ZY', '0717UNO00157UNO', '29aaach7409r1zx', '', null),
  registration_type: fc.constantFrom('regular', 'composition', 'uin', 'unregistered', 'consumer', 'embassy', '', null),
  // An export's place of exit: a state, foreign (96), other country (99), a bad code; a PIN code or not.
  exit_state_code: fc.constantFrom('27', '33', '96', '99', '7', 'MH', ''),
  exit_pincode: fc.constantFrom('400707', '600001', '040070', '4007', ''),
};

function isIdField(name: string): boolean {
  return /(^|_)id$/.test(name);
}

/** A value the schema allows (as far as the document says), with ids of the world for `*_id` fields. */
export function valueFor(schema: Schema, name: string, resolveRef: (s: Schema) => Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolveRef(schema);
  const alternatives: fc.Arbitrary<unknown>[] = [];
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  // The document's example (weighted by repetition) keeps many bodies valid, so that deeper code is reached.
  if (s.example !== undefined && depth > 0) alternatives.push(fc.constant(s.example), fc.constant(s.example), fc.constant(s.example));
  if (isIdField(name) && (s.type === 'number' || s.type === 'integer' || s.type === 'object' || !s.type)) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.constantFrom<'own' | 'other'>('own', 'own', 'own', 'other'), fc.nat(50)).map(([w, i]) => new IdRef(name, w, i)) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_000_000 }) },
    );
  }
  if (name in FIELD_VALUES)
    return s.nullable ? fc.oneof({ weight: 9, arbitrary: FIELD_VALUES[name] }, { weight: 1, arbitrary: fc.constant(null) }) : FIELD_VALUES[name];
  if (/date/.test(name) && (s.type === 'string' || s.type === 'object')) return dateString;
  if (/(^|_)url$/.test(name) && s.type === 'string') return fc.oneof(fc.webUrl(), fc.constantFrom(...PRIVATE_URLS));
  switch (s.type) {
    case 'string': {
      const max = Math.min(s.maxLength ?? 40, 60);
      if (/email/.test(name)) alternatives.push(fc.emailAddress());
      alternatives.push(fc.string({ minLength: Math.min(s.minLength ?? 1, max), maxLength: max }));
      break;
    }
    case 'number':
    case 'integer':
      alternatives.push(fc.integer({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 100_000, 2_147_483_647) }));
      break;
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = valueFor(s.items ?? {}, name, resolveRef, depth + 1);
      alternatives.push(fc.array(items, { maxLength: Math.min(s.maxItems ?? 4, 4) }));
      break;
    }
    default:
      if (s.properties) return objectFor(s, resolveRef, depth);
      // Untyped in the document (amounts, free-form values): numbers, numeric strings, text.
      alternatives.push(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }).map(String), fc.string({ maxLength: 20 }));
  }
  if (s.nullable) alternatives.push(fc.constant(null));
  return fc.oneof(...alternatives);
}

export function objectFor(schema: Schema, resolveRef: (s: Schema) => Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const s = resolveRef(schema);
  const props = s.properties ?? {};
  if (depth > 4 || !Object.keys(props).length) return fc.constant({});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, prop] of Object.entries(props)) record[key] = valueFor(prop as Schema, key, resolveRef, depth + 1);
  return fc.record(record, { requiredKeys: (s.required ?? []).filter((k: string) => k in props) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A valid-looking body with one defect: a field of the wrong kind, a missing required field, an unknown or hostile key. */
function mutated(valid: fc.Arbitrary<Record<string, unknown>>, schema: Schema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const key = keys.length
    ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.constantFrom('constructor', 'account_id', 'id', 'x') })
    : fc.constant('x');
  return fc.tuple(valid, key, weirdValue, fc.nat(3)).map(([body, k, weird, how]) => {
    const copy: Record<string, unknown> = { ...body };
    if (how === 0 && k in copy) delete copy[k];
    else copy[k] = weird;
    // A defect inside a nested array (document lines) as well, on copies: the weird values are shared.
    if (how === 3) {
      for (const [key, v] of Object.entries(copy)) {
        if (Array.isArray(v) && v[0] && typeof v[0] === 'object') copy[key] = [{ ...(v[0] as object), [k]: weird }, ...v.slice(1)];
      }
    }
    return copy;
  });
}

function bodyFor(op: Operation, resolveRef: (s: Schema) => Schema): fc.Arbitrary<RequestPlan['body']> {
  // Fetch (undici) sends no body with GET, so neither do we.
  if (op.method === 'GET') return fc.constant({ kind: 'none' as const });
  if (!op.body) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: weirdValue.map((value) => ({ kind: 'json' as const, value })) },
    );
  }
  const valid = objectFor(op.body, resolveRef);
  const json = (a: fc.Arbitrary<unknown>) => a.map((value) => ({ kind: 'json' as const, value }));
  return fc.oneof(
    { weight: 4, arbitrary: json(valid) },
    { weight: 5, arbitrary: json(mutated(valid, resolveRef(op.body))) },
    { weight: 1, arbitrary: json(weirdValue) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"a":1}{"b":2}', '"\\ud800"', '\u0000', '{"a":1,}', '1e999999', ''),
        contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
}

function queryFor(params: Parameter[], resolveRef: (s: Schema) => Schema): fc.Arbitrary<Array<[string, string]>> {
  const perParam = params
    .filter((p) => p.in === 'query')
    .map((p) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constant([] as Array<[string, string]>) },
        {
          weight: 3,
          arbitrary: valueFor(p.schema, p.name, resolveRef).map((v) => [[p.name, v instanceof IdRef ? '1' : String(v)]] as Array<[string, string]>),
        },
        { weight: 2, arbitrary: weirdString.map((v) => [[p.name, v]] as Array<[string, string]>) },
        {
          weight: 1,
          arbitrary: fc.tuple(weirdString, weirdString).map(
            ([a, b]) =>
              [
                [p.name, a],
                [p.name, b],
              ] as Array<[string, string]>,
          ),
        },
        { weight: 1, arbitrary: weirdString.map((v) => [[`${p.name}[]`, v]] as Array<[string, string]>) },
      ),
    );
  const unknown = fc.oneof(
    { weight: 6, arbitrary: fc.constant([] as Array<[string, string]>) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x', 'limit[$gt]'), weirdString).map((kv) => [kv]) },
  );
  return fc.tuple(fc.tuple(...perParam), unknown).map(([parts, extra]) => [...parts.flat(), ...extra]);
}

const GARBAGE_PATH = [
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '2147483648',
  '%20',
  '%00',
  '..',
  '%F0%9F%98%80',
  'null',
  "1'%20OR%20'1'%3D'1",
  'a'.repeat(300),
];

function pathFor(params: Parameter[], resolveRef: (s: Schema) => Schema): fc.Arbitrary<Record<string, PathValue>> {
  const record: Record<string, fc.Arbitrary<PathValue>> = {};
  for (const p of params.filter((x) => x.in === 'path')) {
    const schema = resolveRef(p.schema);
    if (Array.isArray(schema.enum) && schema.enum.length) {
      record[p.name] = fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...schema.enum.map(String)).map((value) => ({ kind: 'literal' as const, value })) },
        { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_PATH).map((value) => ({ kind: 'literal' as const, value })) },
      );
      continue;
    }
    record[p.name] = fc.oneof(
      { weight: 6, arbitrary: fc.nat(50).map((index) => ({ kind: 'own' as const, index })) },
      { weight: 2, arbitrary: fc.nat(50).map((index) => ({ kind: 'other' as const, index })) },
      { weight: 2, arbitrary: fc.constantFrom(...GARBAGE_PATH).map((value) => ({ kind: 'literal' as const, value })) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_000_000 }).map((n) => ({ kind: 'literal' as const, value: String(n) })) },
    );
  }
  return fc.record(record);
}

const callerFor = (op: Operation): fc.Arbitrary<Caller> => {
  const rare = [
    { weight: 1, arbitrary: fc.constant<Caller>('none') },
    { weight: 1, arbitrary: fc.constant<Caller>('garbage') },
    { weight: 1, arbitrary: fc.constant<Caller>('other-key') },
    { weight: 2, arbitrary: fc.constant<Caller>('clerk-token') },
  ];
  if (op.auth === 'mobile') return fc.oneof({ weight: 14, arbitrary: fc.constant<Caller>('owner-token') }, ...rare);
  if (op.auth === 'none') return fc.oneof({ weight: 14, arbitrary: fc.constant<Caller>('none') }, { weight: 1, arbitrary: fc.constant<Caller>('owner-key') });
  return fc.oneof({ weight: 10, arbitrary: fc.constant<Caller>('owner-key') }, { weight: 4, arbitrary: fc.constant<Caller>('owner-token') }, ...rare);
};

const garbageAuth = fc.constantFrom<Record<string, string>>(
  { Authorization: 'Bearer ' },
  { Authorization: 'Bearer ik_' + 'A'.repeat(43) },
  { Authorization: 'Basic YTpi' },
  { Authorization: 'Bearer ' + 'x'.repeat(5000) },
  { 'X-API-Key': "' OR 1=1 --" },
  { 'X-API-Key': 'ik_short' },
);

/** Requests over every operation of the document, in equal shares. */
export function requestPlans(ops: Operation[], resolveRef: (s: Schema) => Schema): fc.Arbitrary<RequestPlan> {
  const perOp = ops.map((op) =>
    fc.record({
      op: fc.constant(op),
      caller: callerFor(op),
      garbageAuth,
      requestId: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...REQUEST_IDS) }),
      path: pathFor(op.parameters, resolveRef),
      query: queryFor(op.parameters, resolveRef),
      body: bodyFor(op, resolveRef),
    }),
  );
  return fc.oneof(...perOp);
}
