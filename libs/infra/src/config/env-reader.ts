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
  return { int, bool };
}
