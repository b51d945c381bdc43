import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `idempotency_keys`: the first answer to a request sent with an Idempotency-Key, per account and key
 * (its SHA-256), kept 24 hours. `answer` is null while the first request runs; `token` identifies that
 * attempt. The worker deletes expired rows (index on `expires_at`).
 */
export class IdempotencyKeys1732001302000 implements MigrationInterface {
  name = 'IdempotencyKeys1732001302000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE idempotency_keys (
      account_id INT NOT NULL,
      key_hash CHAR(64) NOT NULL,
      fingerprint CHAR(64) NOT NULL,
      token VARCHAR(64) NOT NULL,
      answer MEDIUMTEXT NULL,
      locked_at DATETIME(3) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      PRIMARY KEY (account_id, key_hash),
      KEY ix_idempotency_keys_expires (expires_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE idempotency_keys');
  }
}
