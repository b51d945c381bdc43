/**
 * The new-password policy of the spec: at least 8 characters with an uppercase letter, a lowercase
 * letter, a digit and a symbol. bcrypt reads only the first 72 bytes, so a new password may not be longer.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_BYTES = 72;

const RULES: Array<{ missing: string; test: (p: string) => boolean }> = [
  { missing: `at least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { missing: 'an uppercase letter', test: (p) => /\p{Lu}/u.test(p) },
  { missing: 'a lowercase letter', test: (p) => /\p{Ll}/u.test(p) },
  { missing: 'a digit', test: (p) => /\p{Nd}/u.test(p) },
  { missing: 'a symbol', test: (p) => /[^\p{L}\p{N}]/u.test(p) },
];

/** What the password lacks under the policy (empty when it meets it). */
export function missingPasswordClasses(password: string): string[] {
  return RULES.filter((rule) => !rule.test(password)).map((rule) => rule.missing);
}

/** True when a (stored or presented) password meets the policy; false means an upgrade is required. */
export function meetsPasswordPolicy(password: string): boolean {
  return missingPasswordClasses(password).length === 0;
}

/** Why a new password is refused, as a field message; null when it is acceptable. */
export function newPasswordProblem(password: string): string | null {
  const missing = missingPasswordClasses(password);
  if (missing.length) {
    return `must have at least ${PASSWORD_MIN_LENGTH} characters with an uppercase letter, a lowercase letter, a digit and a symbol (missing: ${missing.join(', ')})`;
  }
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) return `must be at most ${PASSWORD_MAX_BYTES} bytes`;
  return null;
}
