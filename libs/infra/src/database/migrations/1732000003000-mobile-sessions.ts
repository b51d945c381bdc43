import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Mobile sessions (one per signed-in device) with SHA-256 hashes of their current access and refresh
 * tokens, and the refresh hashes each session has rotated away (its token family), so that a reused
 * refresh token is recognised and ends its session. Users get the time of their last password change.
 */
export class MobileSessions1732000003000 implements MigrationInterface {
  name = 'MobileSessions1732000003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE mobile_sessions (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      user_id INT NOT NULL,
      access_token_hash CHAR(64) NOT NULL,
      refresh_token_hash CHAR(64) NOT NULL,
      device_name VARCHAR(100) NULL,
      platform VARCHAR(20) NULL,
      user_agent VARCHAR(255) NULL,
      created_at DATETIME NOT NULL,
      last_used_at DATETIME NOT NULL,
      access_expires_at DATETIME NOT NULL,
      refresh_expires_at DATETIME NOT NULL,
      rotated_at DATETIME NULL,
      revoked_at DATETIME NULL,
      revoke_reason VARCHAR(30) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_mobile_sessions_access (access_token_hash),
      UNIQUE KEY uq_mobile_sessions_refresh (refresh_token_hash),
      KEY ix_mobile_sessions_account_active (account_id, revoked_at, refresh_expires_at),
      KEY ix_mobile_sessions_user_active (user_id, revoked_at, refresh_expires_at),
      CONSTRAINT fk_mobile_sessions_account FOREIGN KEY (account_id) REFERENCES accounts (id),
      CONSTRAINT fk_mobile_sessions_user FOREIGN KEY (user_id) REFERENCES users (id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE mobile_session_retired_tokens (
      refresh_token_hash CHAR(64) NOT NULL,
      session_id INT NOT NULL,
      retired_at DATETIME NOT NULL,
      PRIMARY KEY (refresh_token_hash),
      KEY ix_retired_tokens_session (session_id),
      CONSTRAINT fk_retired_tokens_session FOREIGN KEY (session_id) REFERENCES mobile_sessions (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);

    await q.query('ALTER TABLE users ADD COLUMN password_changed_at DATETIME NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users DROP COLUMN password_changed_at');
    await q.query('DROP TABLE mobile_session_retired_tokens');
    await q.query('DROP TABLE mobile_sessions');
  }
}
