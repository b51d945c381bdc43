import { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts with their API key hash, users, clients and the activity trail. */
export class Foundation1732000000000 implements MigrationInterface {
  name = 'Foundation1732000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE accounts (
      id INT NOT NULL AUTO_INCREMENT,
      business_name VARCHAR(255) NULL,
      business_email VARCHAR(254) NULL,
      currency CHAR(3) NOT NULL DEFAULT 'INR',
      business_gstin CHAR(15) NULL,
      business_pan CHAR(10) NULL,
      business_address VARCHAR(1000) NULL,
      state_code CHAR(2) NULL,
      phone VARCHAR(20) NULL,
      logo_url VARCHAR(1000) NULL,
      plan VARCHAR(10) NOT NULL DEFAULT 'free',
      subscription_expires_at DATETIME NULL,
      suspended_at DATETIME NULL,
      deleted_at DATETIME NULL,
      api_key_hash CHAR(64) NULL,
      api_key_masked VARCHAR(32) NULL,
      created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
      updated_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
      PRIMARY KEY (id),
      UNIQUE KEY uq_accounts_api_key_hash (api_key_hash),
      KEY ix_accounts_gstin (business_gstin),
      KEY ix_accounts_email (business_email)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);

    await q.query(`CREATE TABLE users (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      username VARCHAR(100) NOT NULL,
      password_hash VARCHAR(100) NOT NULL,
      permissions VARCHAR(1000) NOT NULL DEFAULT '',
      is_owner TINYINT(1) NOT NULL DEFAULT 0,
      created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
      updated_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
      deleted_at DATETIME NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_users_username (username),
      KEY ix_users_account (account_id),
      CONSTRAINT fk_users_account FOREIGN KEY (account_id) REFERENCES accounts (id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);

    await q.query(`CREATE TABLE clients (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      name VARCHAR(255) NOT NULL,
      phone VARCHAR(20) NOT NULL,
      country_code VARCHAR(5) NOT NULL DEFAULT '+91',
      email VARCHAR(254) NOT NULL,
      address VARCHAR(1000) NULL,
      gstin CHAR(15) NULL,
      state_code CHAR(2) NULL,
      created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
      updated_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
      PRIMARY KEY (id),
      KEY ix_clients_account_created (account_id, created_at, id),
      KEY ix_clients_account_phone (account_id, phone),
      KEY ix_clients_account_email (account_id, email),
      KEY ix_clients_account_gstin (account_id, gstin),
      KEY ix_clients_account_name (account_id, name),
      CONSTRAINT fk_clients_account FOREIGN KEY (account_id) REFERENCES accounts (id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);

    await q.query(`CREATE TABLE activity_events (
      id BIGINT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      actor_kind VARCHAR(10) NOT NULL,
      actor_user_id INT NULL,
      action VARCHAR(30) NOT NULL,
      entity_type VARCHAR(40) NOT NULL,
      entity_id INT NOT NULL,
      label VARCHAR(255) NULL,
      before_summary TEXT NULL,
      after_summary TEXT NULL,
      created_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_activity_account_created (account_id, created_at),
      KEY ix_activity_account_entity (account_id, entity_type, entity_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE activity_events');
    await q.query('DROP TABLE clients');
    await q.query('DROP TABLE users');
    await q.query('DROP TABLE accounts');
  }
}
