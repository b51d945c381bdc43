/**
 * A transaction's opening statements (`SET TRANSACTION ISOLATION LEVEL ...`, `START TRANSACTION`) sent together
 * with its first real statement, as one multi-statement query, instead of one round trip each.
 *
 * Every round trip costs the API a socket write and a reply to parse; a write to the database is the largest
 * single cost of an invoice create (docs/performance.md, "Statements per request"). The server runs the
 * statements of a multi-statement query in order and stops at the first that fails, so
 * `START TRANSACTION; SELECT ...` is the same transaction as the two sent apart. A transaction whose work sends no statement sends nothing at all: its
 * COMMIT or ROLLBACK is answered here.
 *
 * This sits on the driver's connection rather than in TypeORM: TypeORM's query runner keeps its own transaction
 * state (depth, savepoints, events) and we let it, while the statements it sends for the opening are held here.
 * mysql2 has no option for this (its queue sends each command after the previous one's reply).
 */

/** The answer to a statement held back or dropped: an OK packet's fields, as mysql2 gives them. */
const OK = Object.freeze({ fieldCount: 0, affectedRows: 0, insertId: 0, info: '', serverStatus: 0, warningStatus: 0, changedRows: 0 });

type Callback = (error: Error | null, results?: unknown, fields?: unknown) => void;

/** The part of a mysql2 (callback API) connection used here. */
export interface DriverConnection {
  query: (this: DriverConnection, ...args: unknown[]) => unknown;
  config?: { multipleStatements?: boolean };
  /** mysql2's pool connection: closes the session and takes it out of the pool (a later release is a no-op). */
  destroy?: () => void;
}

export interface DeferredOpening {
  /** The opening has been issued: from now on, the held statements go out with the next one. */
  opened(): void;
  /** Back to the connection's own `query` (before it returns to the pool). */
  restore(): void;
}

const ENDINGS = /^\s*(COMMIT|ROLLBACK)\s*$/i;

/** `query(sql[, values][, callback])` or `query(options[, values][, callback])`, as mysql2 takes them. */
function splitArgs(args: unknown[]): { sql: unknown; values: unknown; callback: Callback | undefined } {
  const [sql, second, third] = args;
  if (typeof second === 'function') return { sql, values: undefined, callback: second as Callback };
  return { sql, values: second, callback: typeof third === 'function' ? (third as Callback) : undefined };
}

function withPrefix(sql: unknown, prefix: string): unknown {
  if (typeof sql === 'string') return prefix + sql;
  if (sql && typeof sql === 'object' && typeof (sql as { sql?: unknown }).sql === 'string') {
    return { ...sql, sql: prefix + (sql as { sql: string }).sql };
  }
  return undefined;
}

/** The results of the statement(s) after the `held` first ones of a multi-statement answer. */
function after(held: number, all: unknown): unknown {
  if (!Array.isArray(all)) return all;
  const rest = all.slice(held);
  return rest.length === 1 ? rest[0] : rest;
}

/**
 * Holds the statements `connection` is asked to run until `opened()` is called (each answered with an OK), then
 * sends them ahead of the next statement in the same query. The connection must allow multi-statement queries;
 * one that does not is left as it is (its statements go out one by one).
 */
export function deferOpening(connection: DriverConnection): DeferredOpening {
  if (connection.config?.multipleStatements !== true) return { opened: () => undefined, restore: () => undefined };
  const own = connection.query;
  let holding = true;
  let held: string[] = [];

  const answer = (callback: Callback | undefined) => {
    if (callback) process.nextTick(callback, null, OK, undefined);
  };

  connection.query = (...args: unknown[]): unknown => {
    const { sql, values, callback } = splitArgs(args);
    const text = typeof sql === 'string' ? sql : (sql as { sql?: unknown } | null)?.sql;
    if (holding && typeof text === 'string') {
      held.push(text);
      return answer(callback);
    }
    if (!held.length) return own.apply(connection, args);
    if (typeof text === 'string' && ENDINGS.test(text)) {
      // Nothing was sent: no transaction to end.
      held = [];
      return answer(callback);
    }
    const statements = held;
    held = [];
    const combined = withPrefix(sql, statements.map((s) => `${s};\n`).join(''));
    if (!callback || combined === undefined) {
      // A streamed query (no callback) gets its rows one result at a time: the opening goes first, on its own
      // (mysql2 runs a connection's commands in the order they were given).
      own.call(connection, statements.join(';\n'), () => undefined);
      return own.apply(connection, args);
    }
    return own.call(connection, combined, values, (error: Error | null, results?: unknown, fields?: unknown) =>
      error ? callback(error) : callback(null, after(statements.length, results), after(statements.length, fields)),
    );
  };

  return {
    opened: () => {
      holding = false;
    },
    restore: () => {
      delete (connection as Partial<DriverConnection>).query;
      if (connection.query !== own) connection.query = own;
    },
  };
}
