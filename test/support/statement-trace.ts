import { Connection } from 'mysql2';

/** One statement as the pool connections sent it, and whether its answer had come back yet. */
export type Trace = Array<{ event: 'send' | 'answer'; sql: string }>;

/**
 * Records every statement this process's MySQL connections send (and when each answer arrives) while `work`
 * runs, by wrapping mysql2's `Connection.query`, which both TypeORM and the plain pool path call. Whitespace
 * runs are folded to one space unless `exact` is set.
 */
export async function traced(work: () => Promise<unknown>, { exact = false } = {}): Promise<Trace> {
  const trace: Trace = [];
  const proto = Connection.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const text = String(typeof args[0] === 'string' ? args[0] : (args[0] as { sql?: string }).sql);
    const sql = exact ? text : text.replace(/\s+/g, ' ');
    trace.push({ event: 'send', sql });
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        trace.push({ event: 'answer', sql });
        callback(...results);
      };
    }
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return trace;
}

/** The statements of a trace, in the order they were sent. */
export const sent = (trace: Trace) => trace.filter((e) => e.event === 'send').map((e) => e.sql);
