import { Client } from '@app/domain/clients/client';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { TypeormAccountTable } from '../shared/typeorm-account-table';
import { LIST_CACHE } from '../shared/versioned-list';
import { ClientRow } from './client.entity';

const CLIENT_COLUMNS = [
  'id',
  'account_id AS accountId',
  'name',
  'phone',
  'country_code AS countryCode',
  'email',
  'address',
  'gstin',
  'state_code AS stateCode',
  'reminders_opt_out AS remindersOptOut',
  'registration_type AS registrationType',
  'created_at AS createdAt',
  'updated_at AS updatedAt',
].join(', ');
const LISTED_COLUMNS = CLIENT_COLUMNS.split(', ')
  .map((c) => `d.${c}`)
  .join(', ');

export class TypeormClientRepository extends TypeormAccountTable<ClientRow, Client> implements ClientRepository {
  constructor(db: Database, clock: Clock) {
    super(db, clock, ClientRow);
  }

  /** The entity's columns are the client's fields: a plain copy of the row. */
  protected toRecord(row: ClientRow): Client {
    // Raw selects answer the flag as 0/1, the entity as a boolean.
    return { ...row, remindersOptOut: Number(row.remindersOptOut) === 1 };
  }

  /** Every document create and read looks its client up: one plain query, no query builder. */
  override async findById(accountId: number, id: number): Promise<Client | null> {
    const [row] = await this.db.query<ClientRow>(`SELECT ${CLIENT_COLUMNS} FROM clients WHERE id = ? AND account_id = ? LIMIT 1`, [id, accountId]);
    return row ? this.toRecord(row) : null;
  }

  /** Newest first, with the exact total (kept under the account's data version, see shared/versioned-list.ts). */
  override async list(accountId: number, page: PageRequest): Promise<Page<Client>> {
    const answer = await LIST_CACHE.page<ClientRow>(
      this.db,
      { accountId, table: 'clients', where: 'd.account_id = ?', params: [accountId], dateColumn: 'created_at', select: LISTED_COLUMNS },
      page,
    );
    return { ...answer, rows: answer.rows.map((row) => this.toRecord(row)) };
  }

  async findDuplicate(accountId: number, match: { phone: string | null; email: string | null; gstin: string | null }) {
    const where = [
      match.phone ? { accountId, phone: match.phone } : null,
      match.email ? { accountId, email: match.email } : null, // the column's collation ignores case
      match.gstin ? { accountId, gstin: match.gstin } : null,
    ].filter((w): w is NonNullable<typeof w> => w !== null);
    if (!where.length) return null;
    // The account row lock (held to commit) orders concurrent creates of one account.
    if (this.db.inTransaction()) await this.db.manager().query('SELECT id FROM accounts WHERE id = ? FOR UPDATE', [accountId]);
    const row = await this.repo().findOne({ where, order: { id: 'ASC' } });
    return row ? this.toRecord(row) : null;
  }
}
