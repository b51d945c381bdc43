import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database, InconsistentAnswer, LostCommit } from './database';

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/**
 * A duplicate of a document number's unique key. On one server the account's sequence row serialises numbering, so
 * it cannot happen; on a multi-primary cluster a write set from another node that took the same number can be
 * applied between this transaction's sequence update and its insert, and the insert then meets the number before
 * certification aborts the transaction. Run again, it takes the next number.
 */
const NUMBER_TAKEN = /Duplicate entry .* for key '(?:[a-z_]+\.)?uq_[a-z_]+_number'/;

interface DriverFailure {
  code?: string;
  message?: string;
  driverError?: { code?: string; message?: string };
}

/** Whether a failed transaction may succeed when run again from its start. */
export function retryable(error: unknown): boolean {
  if (error instanceof LostCommit || error instanceof InconsistentAnswer) return true;
  const failure = (error ?? {}) as DriverFailure;
  const code = failure.driverError?.code ?? failure.code;
  if (code && RETRYABLE.has(code)) return true;
  return code === 'ER_DUP_ENTRY' && NUMBER_TAKEN.test(failure.driverError?.message ?? failure.message ?? '');
}

/**
 * How many times a transaction is tried in all. On one server a deadlock is rare and one retry settles it; on a
 * multi-primary Galera cluster every two writers of the same row on different nodes (an account's number sequence)
 * end in one certification failure at COMMIT, reported as a deadlock, so a burst of creates needs more tries
 * (docs/scaling.md has the figures).
 */
const ATTEMPTS = 10;

/** The wait before try `attempt + 1`: exponential from 10 ms, capped at 400 ms, with full jitter so losers spread out. */
function backoffMs(attempt: number): number {
  return Math.random() * Math.min(400, 10 * 2 ** attempt);
}

export class TypeormTransactionRunner extends TransactionRunner {
  /** Transactions run again after a deadlock or a lock wait timeout, in this process (a metric reads it). */
  static retries = 0;

  /** `isolation`: the level of the transactions it starts (the server's default, REPEATABLE READ, without it). */
  constructor(
    private readonly db: Database,
    private readonly isolation?: IsolationLevel,
  ) {
    super();
  }

  /** Joins the transaction in progress, or starts one; a deadlock victim is run again, up to ATTEMPTS tries in all. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.db.inTransaction()) return work();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(work, this.isolation);
      } catch (error) {
        if (attempt >= ATTEMPTS || !retryable(error)) throw error;
        TypeormTransactionRunner.retries++;
        await new Promise((r) => setTimeout(r, backoffMs(attempt)));
      }
    }
  }
}
