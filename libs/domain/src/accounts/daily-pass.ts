import { Account } from '../shared/account';
import { AccountRepository } from './account.repository.port';
import { accountToday } from '../shared/time-zone';

/**
 * One pass of a daily job over rows read in batches by key (`read(afterKey, limit)`, ascending keys): `handle`
 * answers how many things it did for a row. A row that fails does not hold the others up: the pass goes on, then
 * fails with the first error (the next pass tries that row again). Answers the sum of `handle`.
 */
export async function batchedPass<T>(
  read: (afterKey: number, limit: number) => Promise<T[]>,
  keyOf: (row: T) => number,
  limit: number,
  handle: (row: T) => Promise<number>,
): Promise<number> {
  let done = 0;
  let failure: Error | null = null;
  for (let afterKey = 0; ;) {
    const rows = await read(afterKey, limit);
    for (const row of rows) {
      try {
        done += await handle(row);
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(String(error));
      }
    }
    if (rows.length < limit) break;
    afterKey = keyOf(rows[rows.length - 1]);
  }
  if (failure) throw failure;
  return done;
}

/** An account a daily job works for, and its today (the date in its time zone). */
export interface AccountDay {
  account: Account;
  today: string;
}

/**
 * The accounts of one pass of a daily job, each read once: null for an account that is gone, deleted or
 * suspended (the job does nothing for it), else the account with its today at the pass's instant.
 */
export class AccountDays {
  private readonly seen = new Map<number, Promise<AccountDay | null>>();

  constructor(
    private readonly accounts: AccountRepository,
    private readonly now: Date,
  ) {}

  of(accountId: number): Promise<AccountDay | null> {
    let day = this.seen.get(accountId);
    if (!day) {
      day = this.accounts
        .findById(accountId)
        .then((account) => (!account || account.deleted || account.suspended ? null : { account, today: accountToday(account, this.now) }));
      this.seen.set(accountId, day);
    }
    return day;
  }
}
