import { DeletedAccounts } from '@app/domain/accounts/deleted-accounts.port';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';

/** Sets accounts.deleted_at; rows, documents and the key hash are kept (AuthenticateCaller refuses the account). */
export class SqlDeletedAccounts extends DeletedAccounts {
  constructor(private readonly db: Database) {
    super();
  }

  async markDeleted(accountId: number, at: Date): Promise<void> {
    const when = sqlNow(at);
    await this.db.manager().query('UPDATE accounts SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL', [when, when, accountId]);
  }
}
