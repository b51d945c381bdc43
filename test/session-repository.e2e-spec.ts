import { DataSource } from 'typeorm';
import { TypeormSessionRepository } from '@app/infra/auth/typeorm-session.repository';
import { createDataSource } from '@app/infra/database/data-source';
import { Database } from '@app/infra/database/database';
import { sessionRepositoryContract } from '../libs/domain/testing/session-repository.contract';
import { freshDatabase } from './support/app-harness';

describe('SessionRepository contract: TypeORM adapter on MariaDB', () => {
  let ds: DataSource;
  afterAll(() => ds?.destroy());

  sessionRepositoryContract(async () => {
    ds = await createDataSource(await freshDatabase('session_repository'), 2).initialize();
    let n = 0;
    return {
      repo: new TypeormSessionRepository(new Database(ds)),
      async addUser(permissions, accountId) {
        let account = accountId;
        if (account === undefined) {
          const created = await ds.query("INSERT INTO accounts (business_name, business_email, plan) VALUES ('Contract', 'c@example.com', 'pro')");
          account = Number(created.insertId);
        }
        const user = await ds.query('INSERT INTO users (account_id, username, password_hash, permissions) VALUES (?, ?, ?, ?)', [
          account,
          `contract_${++n}`,
          'x',
          permissions.join(','),
        ]);
        return { accountId: account, userId: Number(user.insertId) };
      },
      async deleteUser(accountId, userId) {
        await ds.query('UPDATE users SET deleted_at = UTC_TIMESTAMP() WHERE id = ? AND account_id = ?', [userId, accountId]);
      },
    };
  });
});
