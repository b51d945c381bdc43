/**
 * A transaction's opening statements (`SET TRANSACTION ISOLATION LEVEL ...`, `START TRANSACTION`) sent together
 * with its first real statement, and, when asked, its COMMIT together with its last write: each as one
 * multi-statement query instead of one round trip per statement.
 *
 * Every round trip costs the API a socket write and a reply to parse; the writes to the database are the largest
 * single cost of an invoice create (docs/performance.md, sixth round). The server runs the statements of a
 * multi-statement query in order and stops at the first that fails, so `START TRANSACTION; SELECT ...` is the
 * same transaction as the two sent apart, and in `...; COMMIT` the COMMIT runs only when every statement before
 * it succeeded. A transaction whose work sends no statement sends nothing at all: its COMMIT or ROLLBACK is
 * answered here.
 *
 * This sits on the driver's connection rather than in TypeORM: TypeORM's query runner keeps its own transaction
 * state (depth, savepoints, events) and we let it, while the statements it sends for the opening and the ending
 * are held or answered here. mysql2 has no option for this (its queue sends each command after the previous
 * one's reply).
 */

/** The answer to a statement held back or dropped: an OK packet's fields, as mysql2 gives them. */
const OK = Object.freeze({ fieldCount: 0, affectedRows: 0, insertId: 0, info: '', serverStatus: 0, warningStatus: 0, changedRows: 0 });

type Callback = (error: Error | null, results?: unknown, fields?: unknown) => void;

/** The part of a mysql2 (callback API) connection used here. */
export interface DriverConnection {
  query: (this: DriverConnection, ...args: unknown[]) => unknown;
  config?: { multipleStatements?: boolean };
}

export interface PiggybackedStatements {
  /** The opening has been issued: from now on, the held statements go out with the next one. */
  opened(): void;
  /**
   * The next statement whose text is `sql` is the transaction's last: COMMIT goes with it. After it succeeds the
   * transaction's COMMIT and ROLLBACK are answered here (there is nothing left to end) and any other statement
   * fails. When it fails, the COMMIT did not run and the transaction is rolled back as usual.
   */
  commitWith(sql: string): void;
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

function textOf(sql: unknown): string | undefined {
  if (typeof sql === 'string') return sql;
  const text = (sql as { sql?: unknown } | null)?.sql;
  return typeof text === 'string' ? text : undefined;
}

function withText(sql: unknown, text: string): unknown {
  return typeof sql === 'string' ? text : { ...(sql as object), sql: text };
}

/** The results of the statement(s) between the first `before` and the last `after` of a multi-statement answer. */
function between(before: number, after: number, all: unknown): unknown {
  if (!Array.isArray(all) || (before === 0 && after === 0)) return all;
  const own = all.slice(before, all.length - after);
  return own.length === 1 ? own[0] : own;
}

const answer = (callback: Callback | undefined) => {
  if (callback) process.nextTick(callback, null, OK, undefined);
};

/**
 * Holds the statements `connection` is asked to run until `opened()` is called (each answered with an OK), then
 * sends them ahead of the next statement in the same query; appends COMMIT to the statement named by
 * `commitWith`. The connection must allow multi-statement queries; one that does not is left as it is (its
 * statements go out one by one).
 */
export function piggyback(connection: DriverConnection): PiggybackedStatements {
  if (connection.config?.multipleStatements !== true) {
    return { opened: () => undefined, commitWith: () => undefined, restore: () => undefined };
  }
  const own = connection.query;
  let holding = true;
  let held: string[] = [];
  let lastWrite: string | null = null;
  let committed = false;

  connection.query = (...args: unknown[]): unknown => {
    const { sql, values, callback } = splitArgs(args);
    const text = textOf(sql);
    if (holding && text !== undefined) {
      held.push(text);
      return answer(callback);
    }
    if (committed) {
      if (text !== undefined && ENDINGS.test(text)) return answer(callback);
      const error = new Error('The transaction was committed with its last write: no statement may follow it');
      if (callback) process.nextTick(callback, error);
      return undefined;
    }
    const ending = text !== undefined && text === lastWrite && callback !== undefined;
    if (!held.length && !ending) return own.apply(connection, args);
    if (held.length && text !== undefined && ENDINGS.test(text)) {
      // Nothing was sent: no transaction to end.
      held = [];
      return answer(callback);
    }
    const opening = held;
    held = [];
    if (!callback || text === undefined) {
      // A streamed query (no callback) gets its rows one result at a time: the opening goes first, on its own
      // (mysql2 runs a connection's commands in the order they were given).
      own.call(connection, opening.join(';\n'), () => undefined);
      return own.apply(connection, args);
    }
    if (ending) lastWrite = null;
    const combined = `${opening.map((s) => `${s};\n`).join('')}${text}${ending ? ';\nCOMMIT' : ''}`;
    return own.call(connection, withText(sql, combined), values, (error: Error | null, results?: unknown, fields?: unknown) => {
      if (error) return callback(error);
      if (ending) committed = true;
      const after = ending ? 1 : 0;
      callback(null, between(opening.length, after, results), between(opening.length, after, fields));
    });
  };

  return {
    opened: () => {
      holding = false;
    },
    commitWith: (sql: string) => {
      lastWrite = sql;
    },
    restore: () => {
      delete (connection as Partial<DriverConnection>).query;
      if (connection.query !== own) connection.query = own;
    },
  };
}
