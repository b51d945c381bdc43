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
  return { int };
}
