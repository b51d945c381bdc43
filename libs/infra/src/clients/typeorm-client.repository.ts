import { In } from 'typeorm';
import { Client } from '@app/domain/clients/client';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { TypeormAccountTable } from '../shared/typeorm-account-table';
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
  'created_at AS createdAt',
  'updated_at AS updatedAt',
].join(', ');

export class TypeormClientRepository extends TypeormAccountTable<ClientRow, Client> implements ClientRepository {
  constructor(db: Database, clock: Clock) {
    super(db, clock, ClientRow);
  }

  /** The entity's columns are the client's fields: a plain copy of the row. */
  protected toRecord(row: ClientRow): Client {
    return { ...row };
  }

  /** Every document create and read looks its client up: one plain query, no query builder. */
  override async findById(accountId: number, id: number): Promise<Client | null> {
    const [row] = await this.db.query<ClientRow>(`SELECT ${CLIENT_COLUMNS} FROM clients WHERE id = ? AND account_id = ? LIMIT 1`, [id, accountId]);
    return row ? this.toRecord(row) : null;
  }

  /** Newest first; the page's ids come from the index alone (deferred join), then the rows. */
  override async list(accountId: number, page: PageRequest): Promise<Page<Client>> {
    const manager = this.db.manager();
    const [ids, [{ total }]] = await Promise.all([
      manager.query<Array<{ id: number }>>('SELECT id FROM clients WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?', [
        accountId,
        page.limit,
        page.offset,
      ]),
      manager.query<Array<{ total: string | number }>>('SELECT COUNT(*) AS total FROM clients WHERE account_id = ?', [accountId]),
    ]);
    if (!ids.length) return { rows: [], total: Number(total) };
    const rows = await this.repo().find({
      where: { accountId, id: In(ids.map((r) => r.id)) },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return { rows: rows.map((row) => this.toRecord(row)), total: Number(total) };
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
