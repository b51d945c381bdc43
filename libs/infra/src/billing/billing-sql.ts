import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';

/** What the billing repositories share: SQL in the transaction in progress, and the box that seals store identifiers. */
export class BillingSql {
  constructor(
    private readonly db: Database,
    readonly box: SecretBox,
  ) {}

  query<T>(sql: string, params: unknown[]): Promise<T> {
    return this.db.manager().query(sql, params);
  }
}
