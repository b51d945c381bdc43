import { Clock } from '../shared/clock.port';
import { SecretHasher } from '../shared/secret.port';
import {
  checkIdempotencyKey,
  IDEMPOTENCY_ABANDONED_AFTER_MS,
  IDEMPOTENCY_TTL_MS,
  IdempotencyKeyInUse,
  IdempotencyKeyReused,
  requestFingerprintSource,
  StoredAnswer,
} from './idempotency';
import { IdempotencyStore } from './idempotency-store.port';

export interface IdempotentRequest {
  method: string;
  /** Path with its query string. */
  path: string;
  body: unknown;
}

/** The attempt that runs the request and must then `finish` or `release` it. */
export interface IdempotencyTicket {
  accountId: number;
  keyHash: string;
  token: string;
}

export type IdempotencyStart = { run: IdempotencyTicket; replay?: undefined } | { run?: undefined; replay: StoredAnswer };

/**
 * Idempotency-Key handling: the first request with a key runs and its answer is stored for 24 hours; the
 * same key with the same request replays it; with another request it is 409 reused; while the first still
 * runs, 409 in use. Expired records (and running ones abandoned by a process that died) are taken over.
 */
export class IdempotentRequests {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async start(accountId: number, key: string, request: IdempotentRequest): Promise<IdempotencyStart> {
    const keyHash = this.hasher.hash(checkIdempotencyKey(key));
    const fingerprint = this.hasher.hash(requestFingerprintSource(request.method, request.path, request.body));
    for (let attempt = 0; attempt < 5; attempt++) {
      const now = this.clock.now();
      const fresh = { accountId, keyHash, fingerprint, token: this.hasher.randomToken(16), now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) };
      if (await this.store.tryInsert(fresh)) return { run: { accountId, keyHash, token: fresh.token } };
      const current = await this.store.find(accountId, keyHash);
      if (!current) continue; // released or purged meanwhile
      const expired = current.expiresAt.getTime() <= now.getTime();
      const abandoned = !current.answer && current.lockedAt.getTime() + IDEMPOTENCY_ABANDONED_AFTER_MS <= now.getTime();
      if (expired || abandoned) {
        if (await this.store.takeOver(current.token, fresh)) return { run: { accountId, keyHash, token: fresh.token } };
        continue;
      }
      if (current.fingerprint !== fingerprint) throw new IdempotencyKeyReused();
      if (!current.answer) throw new IdempotencyKeyInUse();
      return { replay: current.answer };
    }
    throw new IdempotencyKeyInUse();
  }

  finish(ticket: IdempotencyTicket, answer: StoredAnswer): Promise<void> {
    return this.store.complete(ticket.accountId, ticket.keyHash, ticket.token, answer);
  }

  release(ticket: IdempotencyTicket): Promise<void> {
    return this.store.release(ticket.accountId, ticket.keyHash, ticket.token);
  }
}

/** Deletes expired idempotency keys in batches (a worker job). */
export class PurgeIdempotencyKeys {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly clock: Clock,
  ) {}

  async execute(batch = 1000): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.store.purgeExpired(this.clock.now(), batch);
      total += n;
      if (n < batch) return total;
    }
  }
}
