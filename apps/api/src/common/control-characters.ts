/**
 * Control characters in request bodies. Every string of a validated body is checked in one place (the global
 * validation pipe), so no text field can store a NUL, an escape sequence or a C1 control. Control characters
 * are Unicode's category Cc: C0 (U+0000 to U+001F), DEL (U+007F) and C1 (U+0080 to U+009F).
 */

/** Any control character. */
const CONTROL = /\p{Cc}/u;
/** A control character other than tab, line feed and carriage return. */
const CONTROL_BESIDE_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;

/**
 * Fields (by name, at any depth) whose text may span lines: addresses, descriptions, notes, terms, email
 * messages and reasons; and `logo`, base64 that may arrive wrapped. They may hold tabs and line breaks.
 */
const MULTI_LINE_FIELDS = new Set([
  'address',
  'business_address',
  'description',
  'item_description',
  'declaration_text',
  'transport_details',
  'notes',
  'note',
  'message',
  'reason',
  'remark',
  'logo',
]);

/** Passwords (compared as sent, never shown) and signature images (base64): kept as sent, like the trimming does. */
const AS_SENT = /password|signature/i;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';
export const MULTI_LINE_CONTROL_CHARACTER_MESSAGE = 'must not contain control characters other than tab and line breaks';

/** Whether a field of this name may hold tabs and line breaks. */
export function isMultiLineField(name: string): boolean {
  return MULTI_LINE_FIELDS.has(name);
}

/** The problem of one string of field `name`, or null. */
export function controlCharacterProblem(name: string, text: string): string | null {
  if (AS_SENT.test(name)) return null;
  if (isMultiLineField(name)) return CONTROL_BESIDE_LINE_BREAKS.test(text) ? MULTI_LINE_CONTROL_CHARACTER_MESSAGE : null;
  return CONTROL.test(text) ? CONTROL_CHARACTER_MESSAGE : null;
}

/**
 * Every string of `body` holding a control character it may not hold, keyed by its dotted path
 * (`items.0.item_description`), as validation errors are. A string in an array is judged by the array's
 * field name. Iterative, like the trimming: no nesting can overflow the stack.
 */
export function controlCharacterErrors(body: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const work: Array<{ value: unknown; name: string; path: string }> = [{ value: body, name: '', path: '' }];
  for (let i = 0; i < work.length; i++) {
    const { value, name, path } = work[i];
    if (typeof value === 'string') {
      const problem = controlCharacterProblem(name, value);
      if (problem) errors[path] = problem;
    } else if (Array.isArray(value)) {
      value.forEach((element, i) => work.push({ value: element, name, path: path ? `${path}.${i}` : String(i) }));
    } else if (value && typeof value === 'object') {
      for (const [key, field] of Object.entries(value)) work.push({ value: field, name: key, path: path ? `${path}.${key}` : key });
    }
  }
  return errors;
}
