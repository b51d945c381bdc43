import RandExp from 'randexp';
import type { Schema } from './schema-kit';
import { EXAMPLE_STRINGS, EXAMPLE_VALUES, exampleFromName } from './example-values';

type Components = Record<string, Schema>;

/**
 * A value that satisfies `schema`: its example when it has one, else one built from its keywords and, for a
 * string, the property's name (`name`, see example-values.ts).
 */
export function sampleOf(schema: Schema | undefined, components: Components, depth = 0, name = ''): unknown {
  if (!schema || depth > 12) return null;
  if (typeof schema.$ref === 'string') return sampleOf(components[schema.$ref.replace('#/components/schemas/', '')], components, depth + 1, name);
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...(schema.allOf as Schema[]).map((s) => sampleOf(s, components, depth + 1, name)));
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).find((v) => v !== null) ?? null;
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      // A seller's or dispatcher's details (the IRP's SellerDtls, DispDtls) are the business's.
      const seller = (k: string) => (/^(SellerDtls|DispDtls)$/.test(name) && `seller.${k}` in EXAMPLE_VALUES ? `seller.${k}` : k);
      return Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, sampleOf(s, components, depth + 1, seller(k))]));
    }
    case 'array': {
      const n = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      return Array.from({ length: n }, () => sampleOf(schema.items as Schema, components, depth + 1, name));
    }
    case 'integer': {
      const known = EXAMPLE_VALUES[name];
      if (typeof known === 'number' && known >= (min ?? -Infinity) && known <= (max ?? Infinity)) return known;
      return Math.min(Math.max(min ?? 1, 1), max ?? Number.MAX_SAFE_INTEGER);
    }
    case 'number':
      return Math.min(Math.max(min ?? 100, 0), max ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'date') return '2025-04-01';
      if (schema.format === 'uri') return 'https://invoicing.example.in/v1/share/3f9a';
      if (schema.format === 'binary') return '';
      if (typeof schema.pattern === 'string' && schema.pattern.includes(' \\d{2}:')) return '2025-04-01 10:30:00';
      if (schema.pattern === '^\\d{4}-\\d{2}$') return '2025-04';
      if (typeof schema.pattern === 'string') {
        const known = exampleByName(name);
        return known !== undefined && new RegExp(schema.pattern).test(known) ? known : matching(schema.pattern);
      }
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.MAX_SAFE_INTEGER;
      const fits = (v: string | undefined): v is string => v !== undefined && v.length >= minLength && v.length <= maxLength;
      const known = exampleByName(name);
      if (fits(known)) return known;
      const text = exampleFromName(name);
      return text.padEnd(minLength, 'x').slice(0, Math.max(minLength, Math.min(maxLength, text.length)));
    }
    default:
      return null;
  }
}

/** The example of a string property by its name; GSTINs of the portals' schemas (`Gstin`, `ctin`, `fromGstin`...) included. */
function exampleByName(name: string): string | undefined {
  const known = EXAMPLE_VALUES[name];
  if (typeof known === 'string') return known;
  if (/^(ctin|toGstin|Gstin|gstin)$/.test(name)) return EXAMPLE_STRINGS.gstin;
  if (/gstin/i.test(name) || name === 'gstin_supplier') return EXAMPLE_STRINGS.business_gstin;
  return undefined;
}

/**
 * A string matching `pattern` (the GST portal's schemas give many fields one: GSTINs, dd-mm-yyyy dates,
 * state codes), the same on every run so that the committed document does not drift: randexp picks
 * each character from a small generator seeded by the pattern.
 */
function matching(pattern: string): string {
  const gen = new RandExp(pattern);
  let seed = [...pattern].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  gen.randInt = (from, to) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return from + (seed % (to - from + 1));
  };
  gen.max = 3;
  return gen.gen();
}
