/**
 * What an `updated` entry of the audit trail shows beside its summary: every header field the change
 * altered, and the lines it altered, each with its value before and after. Fields are named as the domain's
 * commands name them (camelCase; the audit presenter shows them by their API names). Values are the stored ones; long text is cut, and so is a long list of lines,
 * so that an entry stays small whatever the document holds.
 */

export interface FieldChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Text longer than this is cut in the trail (the record itself keeps it whole). */
export const MAX_TEXT_SHOWN = 200;
/** Changed lines shown per entry; the entry says how many more changed. */
export const MAX_LINES_SHOWN = 20;

/**
 * Invoice-style lines (invoices, quotations, proforma invoices): the taxable value and the share of the header discount
 * are derived, the description is the command's `itemDescription`.
 */
export const PRODUCT_LINE_FIELDS: LineFields = { ignore: ['taxableValue', 'headerDiscount'], names: { description: 'itemDescription' } };

/** Fields never shown as changes: keys, timestamps, lines (shown apart) and what the service derives itself. */
const NEVER_SHOWN = new Set(['id', 'accountId', 'createdAt', 'updatedAt', 'lines', 'items', 'taxWarnings', 'supplierSnapshot', 'paidAt']);

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Names of fields whose name in the record differs from the command's (`date` -> `invoiceDate`). */
export type FieldNames = Readonly<Record<string, string>>;

/** The command's name of a record field: the record's own, unless `names` maps it (`date` -> `invoiceDate`). */
function fieldName(key: string, names: FieldNames): string {
  return names[key] ?? key;
}

/**
 * Decimal text without trailing zeros of its fraction ('10.000' -> '10', '0.50' -> '0.5'), so the stored and
 * the sent form of an amount compare alike. Leading zeros stay: '0401' is another HSN code than '401'.
 */
function canonicalDecimal(text: string): string {
  const [whole, fraction = ''] = text.split('.');
  const kept = fraction.replace(/0+$/, '');
  const number = kept ? `${whole}.${kept}` : whole;
  return number === '-0' ? '0' : number;
}

function comparable(value: unknown): string {
  if (value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return canonicalDecimal(String(value));
  if (typeof value === 'string' && DECIMAL.test(value)) return canonicalDecimal(value);
  return JSON.stringify(value) ?? 'null';
}

/** Whether two stored values are the same: equal, or the same decimal written two ways. */
export function sameValue(a: unknown, b: unknown): boolean {
  return comparable(a) === comparable(b);
}

function shown(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string' && value.length > MAX_TEXT_SHOWN) return `${value.slice(0, MAX_TEXT_SHOWN)}…`;
  return value;
}

function fieldsOf(record: object): string[] {
  return Object.keys(record).filter((key) => !NEVER_SHOWN.has(key));
}

/** The fields of `after` whose value differs from `before`'s, keyed by their command names. */
export function changedFields(before: object, after: object, names: FieldNames = {}): FieldChanges {
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  const changes: FieldChanges = { before: {}, after: {} };
  for (const key of fieldsOf(after)) {
    if (sameValue(was[key], is[key])) continue;
    changes.before[fieldName(key, names)] = shown(was[key]);
    changes.after[fieldName(key, names)] = shown(is[key]);
  }
  return changes;
}

/** A whole line as the trail shows it (an added or a removed line). */
function lineShown(line: object, names: FieldNames): Record<string, unknown> {
  const values = line as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of fieldsOf(line)) out[fieldName(key, names)] = shown(values[key]);
  return out;
}

/** How the lines of a kind compare: fields not compared (such as the parent's id) and command names. */
export interface LineFields {
  ignore?: readonly string[];
  names?: FieldNames;
}

/**
 * The lines that differ, compared by position (`line` is 1-based): a changed line shows its changed fields
 * on both sides, an added line all its fields after, a removed line all its fields before. Empty when the
 * lines are the same.
 */
export function changedLines(before: readonly object[], after: readonly object[], fields: LineFields = {}): FieldChanges {
  const names = fields.names ?? {};
  const omit = (line: object) => {
    const copy = { ...(line as Record<string, unknown>) };
    for (const key of fields.ignore ?? []) delete copy[key];
    return copy;
  };
  const was: Array<Record<string, unknown>> = [];
  const is: Array<Record<string, unknown>> = [];
  let changed = 0;
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const old = before[i] ? omit(before[i]) : null;
    const now = after[i] ? omit(after[i]) : null;
    let entry: FieldChanges | null = null;
    if (old && now) {
      const changes = changedFields(old, now, names);
      if (Object.keys(changes.after).length) entry = changes;
    } else if (now) entry = { before: {}, after: lineShown(now, names) };
    else if (old) entry = { before: lineShown(old, names), after: {} };
    if (!entry) continue;
    changed++;
    if (changed > MAX_LINES_SHOWN) continue;
    if (Object.keys(entry.before).length) was.push({ line: i + 1, ...entry.before });
    if (Object.keys(entry.after).length) is.push({ line: i + 1, ...entry.after });
  }
  if (!changed) return { before: {}, after: {} };
  const more = changed > MAX_LINES_SHOWN ? { itemsNotShown: changed - MAX_LINES_SHOWN } : {};
  return { before: { items: was }, after: { items: is, itemsChanged: changed, ...more } };
}

/**
 * The before/after of a document's `updated` entry: its summary (kept as before, for the readers of the
 * trail that look for it), every changed header field, and the changed lines when `lines` were rewritten
 * (null: the change kept the stored lines).
 */
export function documentChanges(change: {
  summary: { before: Record<string, unknown>; after: Record<string, unknown> };
  header: { before: object; after: object; names?: FieldNames };
  lines: { before: readonly object[]; after: readonly object[] | null } & LineFields;
}): FieldChanges {
  const { summary, header, lines } = change;
  const fields = changedFields(header.before, header.after, header.names);
  const items = lines.after ? changedLines(lines.before, lines.after, lines) : { before: {}, after: {} };
  return {
    before: { ...summary.before, ...fields.before, ...items.before },
    after: { ...summary.after, ...fields.after, ...items.after },
  };
}
