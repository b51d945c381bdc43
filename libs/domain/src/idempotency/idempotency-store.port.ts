import { StoredAnswer } from './idempotency';

export interface IdempotencyRecord {
  fingerprint: string;
  /** Random per attempt: only the attempt holding it may finish, release or be taken over. */
  token: string;
  answer: StoredAnswer | null;
  lockedAt: Date;
  expiresAt: Date;
}

export interface NewIdempotencyRecord {
  accountId: number;
  keyHash: string;
  fingerprint: string;
  token: string;
  now: Date;
  expiresAt: Date;
}

/** Idempotency keys per account, shared by every API process (a unique key on account and key hash). */
export abstract class IdempotencyStore {
  /** Inserts a running record; false when the account already has one for this key. */
  abstract tryInsert(record: NewIdempotencyRecord): Promise<boolean>;
  abstract find(accountId: number, keyHash: string): Promise<IdempotencyRecord | null>;
  /** Replaces the record held by `previousToken` (expired or abandoned) with a new running one; false when another got there first. */
  abstract takeOver(previousToken: string, record: NewIdempotencyRecord): Promise<boolean>;
  abstract complete(accountId: number, keyHash: string, token: string, answer: StoredAnswer): Promise<void>;
  /** Deletes the attempt's record (its answer is not kept). */
  abstract release(accountId: number, keyHash: string, token: string): Promise<void>;
  /** Deletes up to `limit` records expired before `now`; returns how many. */
  abstract purgeExpired(now: Date, limit: number): Promise<number>;
}
