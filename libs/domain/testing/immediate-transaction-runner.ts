import { TransactionRunner } from '../src/shared/transaction.port';

/**
 * Runs the work at once, without rollback. Counts the units of work and whether one is in progress,
 * so a test can check that a use case did its writes inside `run`.
 */
export class ImmediateTransactionRunner extends TransactionRunner {
  runs = 0;
  private depth = 0;

  get active(): boolean {
    return this.depth > 0;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth === 0) this.runs++;
    this.depth++;
    try {
      return await work();
    } finally {
      this.depth--;
    }
  }
}
