import { readFileSync } from 'node:fs';

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

/**
 * A secret given inline (`inlineName`, trimmed; `unescape` turns it into the text meant) or as a file (`fileName`):
 * `{text, from}` (`from`: the variable it came from), or null when neither is set or the file cannot be read (then
 * a problem that names the variable, never the content).
 */
export function inlineOrFile(
  env: Env,
  problems: string[],
  inlineName: string,
  fileName: string,
  unescape: (text: string) => string = (text) => text,
): { text: string; from: string } | null {
  const inline = unescape((env[inlineName] ?? '').trim());
  if (inline) return { text: inline, from: inlineName };
  const file = (env[fileName] ?? '').trim();
  if (!file) return null;
  try {
    return { text: readFileSync(file, 'utf8'), from: fileName };
  } catch {
    problems.push(`${fileName} cannot be read`);
    return null;
  }
}
