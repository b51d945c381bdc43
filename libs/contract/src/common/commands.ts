import { DomainError } from '@app/domain/shared/domain-error';

/**
 * Request bodies speak the API's snake_case; the domain takes camelCase commands. A body that passed its DTO's
 * validation becomes a command by renaming its keys (`lr_number` to `lrNumber`, at any depth), and a domain
 * error that names a field of a command is keyed by the body's name again (`items.0.taxRate` to
 * `items.0.tax_rate`). The renaming is by rule, so a field is named once in the DTO and once in the domain;
 * `Command<Dto>` gives the command type of a DTO, so that the compiler checks a DTO against the domain's command
 * (see `invoices.dto.ts`).
 *
 * The rule is reversible for the API's names (lower-case words joined by single underscores): `camelName` upper-cases
 * a letter after an underscore and `bodyFieldPath` puts the underscore back before each capital.
 */

/**
 * `lr_number` → `lrNumber` as a type; an underscore before a digit stays (`act_2025_section` → `act_2025Section`), so
 * that the name comes back whole (`bodyFieldPath`).
 */
export type CamelName<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? Tail extends `${infer First}${string}`
    ? Uppercase<First> extends Lowercase<First>
      ? `${Head}_${CamelName<Tail>}`
      : `${Head}${Capitalize<CamelName<Tail>>}`
    : S
  : S;

/** Examples of the rule, checked against the type here (`satisfies`) and against `camelName` in commands.spec.ts. */
export const NAME_EXAMPLES = {
  lr_number: 'lrNumber' satisfies CamelName<'lr_number'>,
  ship_to_gstin: 'shipToGstin' satisfies CamelName<'ship_to_gstin'>,
  act_2025_section: 'act_2025Section' satisfies CamelName<'act_2025_section'>,
  tds_194q: 'tds_194q' satisfies CamelName<'tds_194q'>,
  name: 'name' satisfies CamelName<'name'>,
};

/** The command a validated body makes: every key renamed by `CamelName`, arrays and nested objects included. */
export type Command<T> = T extends readonly (infer E)[]
  ? Command<E>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelName<K> : K]: Command<T[K]> }
    : T;

/**
 * `true` when a DTO's command has exactly the fields of the domain's command, each of a type the domain takes;
 * otherwise a type that names what differs, so that `commandFits<Dto, DomainCommand>(true)` fails the build.
 */
export type Fits<D, C> = [Exclude<keyof Command<D>, keyof C>] extends [never]
  ? [Exclude<keyof C, keyof Command<D>>] extends [never]
    ? Command<D> extends C
      ? true
      : { typesTheDomainRefuses: { [K in keyof Command<D> & keyof C]: Command<D>[K] extends C[K] ? never : K }[keyof Command<D> & keyof C] }
    : { fieldsTheBodyLacks: Exclude<keyof C, keyof Command<D>> }
  : { fieldsTheDomainLacks: Exclude<keyof Command<D>, keyof C> };

/** A build-time check that DTO `D` makes the domain's command `C` (see `Fits`); it does nothing when run. */
export function commandFits<D, C>(check: Fits<D, C>): Fits<D, C> {
  return check;
}

/**
 * Names met before: a validated body holds only its DTO's fields (the validation pipe refuses others), so the map
 * stays as small as the API's list of field names, and a write renames each key by one lookup.
 */
const camelNames = new Map<string, string>();

export function camelName(name: string): string {
  let camel = camelNames.get(name);
  if (camel === undefined) {
    camel = name.includes('_') ? name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : name;
    if (camelNames.size < 10_000) camelNames.set(name, camel);
  }
  return camel;
}

/** `items.0.taxRate` → `items.0.tax_rate`; a snake_case path is left as it is. */
export function bodyFieldPath(path: string): string {
  return path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function renamed(value: unknown, rename: (key: string) => string): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => renamed(v, rename));
  const out: Record<string, unknown> = {};
  for (const key in value) {
    // `__proto__` never names a field (the validation pipe refuses it); copied, it would set the object's prototype.
    if (key !== '__proto__' && Object.prototype.hasOwnProperty.call(value, key)) out[rename(key)] = renamed((value as Record<string, unknown>)[key], rename);
  }
  return out;
}

/** The camelCase command of a validated body (a plain object: DTO class instances become data). */
export function commandOf<T>(body: T): Command<T> {
  return renamed(body, camelName) as Command<T>;
}

/** A domain value of camelCase keys (a stored recurring template) as the API shows it, keys in snake_case. */
export function bodyOf(value: unknown): unknown {
  return renamed(value, bodyFieldPath);
}

/**
 * Runs a domain call with the command of a validated body; an error the domain raises names the fields of the
 * command, and leaves naming the body's fields (`details: { lrNumber }` becomes `details: { lr_number }`).
 * Only calls that take a command go through here: other errors keep the keys they were raised with (a store's
 * `signedPayload` is the name of that store's field).
 */
export async function withCommand<B, R>(body: B, run: (command: Command<B>) => Promise<R>): Promise<R> {
  try {
    return await run(commandOf(body));
  } catch (error) {
    if (error instanceof DomainError) renameDetails(error);
    throw error;
  }
}

function renameDetails(error: DomainError): void {
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error.details)) details[bodyFieldPath(key)] = value;
  // `details` is read-only to the domain; the edge renames the keys of the error it is about to answer with.
  (error as { details: Record<string, unknown> }).details = details;
}
