/**
 * Runs work in one database transaction. Repositories used inside `run` take part in it, so a use case
 * can write a document, its lines, its number and its activity event atomically.
 */
export abstract class TransactionRunner {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}
