import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from './database';

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

export class TypeormTransactionRunner extends TransactionRunner {
  /** `isolation`: the level of the transactions it starts (the server's default, REPEATABLE READ, without it). */
  constructor(
    private readonly db: Database,
    private readonly isolation?: IsolationLevel,
  ) {
    super();
  }

  /** Joins the transaction in progress, or starts one; a deadlock victim is retried up to 3 times. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.db.inTransaction()) return work();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(work, this.isolation);
      } catch (error) {
        const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
        if (attempt >= 3 || !code || !RETRYABLE.has(code)) throw error;
        await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 20));
      }
    }
  }
}
