/**
 * Runs work in one database transaction. Repositories used inside `run` take part in it, so a use case
 * can write a document, its lines, its number and its activity event atomically.
 */
export abstract class TransactionRunner {
  abstract run<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T>;
}

export interface TransactionOptions {
  /**
   * The work's last write is its last statement, and nothing after it can fail: the database adapter may send the
   * COMMIT with that write (one round trip fewer). A statement after it is refused. Ignored when the work joins
   * a transaction already in progress (whoever started that one commits it).
   */
  endsWithLastWrite?: boolean;
}
