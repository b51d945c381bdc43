import { StoredAnswer } from '@app/domain/idempotency/idempotency';
import { IdempotencyRecord, IdempotencyStore, NewIdempotencyRecord } from '@app/domain/idempotency/idempotency-store.port';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';

interface Row {
  fingerprint: string;
  token: string;
  answer: string | null;
  locked_at: string;
  expires_at: string;
}

interface Written {
  affectedRows?: number;
}

function date(sql: string): Date {
  return new Date(`${sql.replace(' ', 'T')}Z`);
}

/** DATETIME(3) text of a date, UTC. */
function sqlTime(d: Date): string {
  return d.toISOString().slice(0, 23).replace('T', ' ');
}

/**
 * `idempotency_keys`: one row per account and key (SHA-256 of the key), written outside any request
 * transaction so every API process sees a running key at once. Stored answers are sealed (AES-GCM), as
 * some carry secrets shown once (a webhook signing secret). Without a box (the purge job) answers are
 * never read.
 */
export class SqlIdempotencyStore extends IdempotencyStore {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox | null = null,
  ) {
    super();
  }

  private sealer(): SecretBox {
    if (!this.box) throw new Error('SqlIdempotencyStore needs a SecretBox to read or write answers');
    return this.box;
  }

  async tryInsert(r: NewIdempotencyRecord): Promise<boolean> {
    const result = (await this.db.query(
      `INSERT IGNORE INTO idempotency_keys (account_id, key_hash, fingerprint, token, answer, locked_at, expires_at) VALUES (?, ?, ?, ?, NULL, ?, ?)`,
      [r.accountId, r.keyHash, r.fingerprint, r.token, sqlTime(r.now), sqlTime(r.expiresAt)],
    )) as unknown as Written;
    return (result.affectedRows ?? 0) === 1;
  }

  async find(accountId: number, keyHash: string): Promise<IdempotencyRecord | null> {
    const [row] = await this.db.query<Row>(
      `SELECT fingerprint, token, answer, locked_at, expires_at FROM idempotency_keys WHERE account_id = ? AND key_hash = ?`,
      [accountId, keyHash],
    );
    if (!row) return null;
    return {
      fingerprint: row.fingerprint,
      token: row.token,
      answer: row.answer === null ? null : (JSON.parse(this.sealer().open(row.answer)) as StoredAnswer),
      lockedAt: date(row.locked_at),
      expiresAt: date(row.expires_at),
    };
  }

  async takeOver(previousToken: string, r: NewIdempotencyRecord): Promise<boolean> {
    const result = (await this.db.query(
      `UPDATE idempotency_keys SET fingerprint = ?, token = ?, answer = NULL, locked_at = ?, expires_at = ? WHERE account_id = ? AND key_hash = ? AND token = ?`,
      [r.fingerprint, r.token, sqlTime(r.now), sqlTime(r.expiresAt), r.accountId, r.keyHash, previousToken],
    )) as unknown as Written;
    return (result.affectedRows ?? 0) === 1;
  }

  async complete(accountId: number, keyHash: string, token: string, answer: StoredAnswer): Promise<void> {
    await this.db.query(`UPDATE idempotency_keys SET answer = ? WHERE account_id = ? AND key_hash = ? AND token = ?`, [
      this.sealer().seal(JSON.stringify(answer)),
      accountId,
      keyHash,
      token,
    ]);
  }

  async release(accountId: number, keyHash: string, token: string): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE account_id = ? AND key_hash = ? AND token = ?`, [accountId, keyHash, token]);
  }

  async purgeExpired(now: Date, limit: number): Promise<number> {
    const result = (await this.db.query(`DELETE FROM idempotency_keys WHERE expires_at <= ? LIMIT ?`, [sqlTime(now), limit])) as unknown as Written;
    return result.affectedRows ?? 0;
  }
}
