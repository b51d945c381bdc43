import type { Page, PageRequest } from '../shared/pagination';
import { ClaimedSendout, NewSendout, Sendout, SendoutJob } from './sendout';

/** Sendout queue rows. Every method but the two sweeper scans takes the account id. */
export abstract class SendoutRepository {
  /** Inserts a queued row; returns its id. */
  abstract insert(accountId: number, row: NewSendout, now: Date): Promise<number>;
  /** A row that is not deleted. */
  abstract findById(accountId: number, id: number): Promise<Sendout | null>;
  /** Newest first (ties by id descending), deleted rows left out. */
  abstract history(accountId: number, page: PageRequest): Promise<Page<Sendout>>;
  /**
   * Removes the row from the history; a queued row becomes cancelled in the same statement, so no
   * worker can claim it afterwards. False when there is no such (undeleted) row.
   */
  abstract delete(accountId: number, id: number, now: Date): Promise<boolean>;

  /**
   * The idempotent send guard: atomically moves a queued, undeleted row to sending, adds one attempt and
   * stamps it with `token`. Null when the row is not claimable (already sending, sent, failed, cancelled,
   * deleted or missing): the caller must not send.
   */
  abstract claim(accountId: number, id: number, token: string, now: Date): Promise<ClaimedSendout | null>;
  /** sending -> sent, only while `token` still holds the row; false when it did not. */
  abstract markSent(accountId: number, id: number, token: string, messageId: string, now: Date): Promise<boolean>;
  /** sending -> failed with the error, only while `token` still holds the row; false when it did not. */
  abstract markFailed(accountId: number, id: number, token: string, error: string, now: Date): Promise<boolean>;
  /** sending -> queued (a retry will claim it again), keeping the attempt count and the error. */
  abstract release(accountId: number, id: number, token: string, error: string, now: Date): Promise<void>;

  /** Sweeper: queued rows (any account) untouched since `before`, oldest first. */
  abstract queuedBefore(before: Date, limit: number): Promise<SendoutJob[]>;
  /** Sweeper: rows stuck in sending since `lockedBefore` (their worker died) that have used `maxAttempts` (any account, oldest first). */
  abstract exhaustedStale(lockedBefore: Date, maxAttempts: number, limit: number): Promise<SendoutJob[]>;
  /**
   * Sweeper: one such row becomes failed; returns it, or null when it no longer is one. Runs inside the
   * caller's transaction, which records its outcome.
   */
  abstract failStale(accountId: number, id: number, lockedBefore: Date, maxAttempts: number, now: Date): Promise<Sendout | null>;
  /**
   * Sweeper: rows stuck in sending since `lockedBefore` (their worker died) go back to queued, or to
   * failed once they have used `maxAttempts`. Returns how many rows changed.
   */
  abstract recoverStale(lockedBefore: Date, maxAttempts: number, now: Date): Promise<number>;
}
