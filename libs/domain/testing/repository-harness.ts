import { FakeClock } from './fake-clock';

/**
 * What a repository contract needs from each implementation: the repository (read lazily, since an
 * e2e suite only has its database after `beforeAll`), the clock it stamps rows with, and new accounts.
 */
export interface RepositoryHarness<R> {
  repo(): R;
  /** The clock the repository was built with; the contract moves it to order rows by time. */
  clock: FakeClock;
  /** A new account of its own, so lists and counts start empty. */
  newAccount(): Promise<number>;
}

/** The clock's time as the adapters store DATETIME columns ('Y-m-d H:i:s' UTC). */
export const stampOf = (clock: FakeClock) => clock.now().toISOString().slice(0, 19).replace('T', ' ');
