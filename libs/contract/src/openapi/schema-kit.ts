/** Small builders for the JSON schemas of answers (OpenAPI 3.0 dialect: `nullable`, refs to components). */
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const nstr = (extra: Schema = {}): Schema => ({ type: 'string', nullable: true, ...extra });
export const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
export const nint = (extra: Schema = {}): Schema => ({ type: 'integer', nullable: true, ...extra });
export const id = (what: string): Schema => ({ type: 'integer', minimum: 1, description: `Id of the ${what}` });
export const nid = (what: string): Schema => ({ type: 'integer', minimum: 1, nullable: true, description: `Id of the ${what}, or null` });
export const num = (extra: Schema = {}): Schema => ({ type: 'number', ...extra });
export const nnum = (extra: Schema = {}): Schema => ({ type: 'number', nullable: true, ...extra });
/** Money: a JSON number with at most 2 decimals. */
export const money = (description?: string): Schema => ({ type: 'number', ...(description ? { description } : {}) });
export const nmoney = (description?: string): Schema => ({ type: 'number', nullable: true, ...(description ? { description } : {}) });
export const bool = (extra: Schema = {}): Schema => ({ type: 'boolean', ...extra });
export const date = (extra: Schema = {}): Schema => ({ type: 'string', format: 'date', ...extra });
export const ndate = (extra: Schema = {}): Schema => ({ type: 'string', format: 'date', nullable: true, ...extra });
export const TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';
/** 'Y-m-d H:i:s' in UTC (not ISO 8601: no T, no offset); the description says so, since the value cannot. */
export const timestamp = (extra: Schema = {}): Schema => ({
  type: 'string',
  pattern: TIMESTAMP_PATTERN,
  example: '2025-04-01 10:30:00',
  ...extra,
  description: typeof extra.description === 'string' ? `${extra.description} (UTC, Y-m-d H:i:s)` : 'UTC, Y-m-d H:i:s (no offset in the value)',
});
export const ntimestamp = (extra: Schema = {}): Schema => ({ ...timestamp(extra), nullable: true });
export const oneOf = (values: readonly (string | number)[], extra: Schema = {}): Schema => ({
  type: typeof values[0] === 'number' ? 'integer' : 'string',
  enum: [...values],
  ...extra,
});
/** An enum that may be null (null is listed among the values, as OpenAPI 3.0 validators need). */
export const noneOf = (values: readonly (string | number)[], extra: Schema = {}): Schema => ({
  ...oneOf(values, extra),
  nullable: true,
  enum: [...values, null],
});
export const arr = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
export const constant = <T extends string | number | boolean>(value: T, description?: string): Schema => ({
  type: typeof value === 'number' ? 'integer' : typeof value,
  enum: [value],
  ...(description ? { description } : {}),
});

/** An object whose listed properties are all present (those in `optional` may be left out); no others. */
export function obj(properties: Record<string, Schema>, opts: { optional?: string[]; description?: string; open?: boolean } = {}): Schema {
  const required = Object.keys(properties).filter((k) => !opts.optional?.includes(k));
  return {
    type: 'object',
    ...(opts.description ? { description: opts.description } : {}),
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: opts.open ?? false,
  };
}

/** A map from known keys to one schema (a JSON object with exactly those keys). */
export function keyed(keys: readonly string[], value: Schema, description?: string): Schema {
  return obj(Object.fromEntries(keys.map((k) => [k, value])), { description });
}
