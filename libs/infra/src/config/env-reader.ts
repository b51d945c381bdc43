/** The environment as read: variable name to its raw text. */
export type Env = Record<string, string | undefined>;

/** Typed readers of environment variables; each problem is added to `problems`. */
export function envReader(env: Env, problems: string[]) {
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = (env[name] ?? '').trim();
    if (!raw) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return n;
  };
  /** on/off, true/false, yes/no or 1/0; anything else is a problem and gives `fallback`. */
  const bool = (name: string, fallback: boolean) => {
    const raw = (env[name] ?? '').trim().toLowerCase();
    if (!raw) return fallback;
    if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
    if (['0', 'false', 'off', 'no'].includes(raw)) return false;
    problems.push(`${name} must be on or off (got "${raw}")`);
    return fallback;
  };
  /** The trimmed value, or `fallback` when unset or blank. */
  const str = (name: string, fallback: string) => (env[name] ?? '').trim() || fallback;
  /** The trimmed value, or null when unset or blank. */
  const optional = (name: string) => (env[name] ?? '').trim() || null;
  /** A URL (or `fallback`) whose scheme is one of `protocols` (`'https:'`). */
  const url = (name: string, fallback: string, protocols: string[]) => {
    const value = str(name, fallback);
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) problems.push(`${name} must use ${protocols.join(' or ')}`);
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return value;
  };
  /** An http(s) URL without its trailing slashes, or null when unset. */
  const optionalUrl = (name: string) => (optional(name) ? url(name, '', ['http:', 'https:']).replace(/\/+$/, '') : null);
  return { int, bool, str, optional, url, optionalUrl };
}

/** A configuration the process cannot start with; the message lists every problem. */
export class ConfigError extends Error {}

/** Throws ConfigError listing `problems`, if any. */
export function assertNoProblems(problems: string[]): void {
  if (problems.length) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
}
