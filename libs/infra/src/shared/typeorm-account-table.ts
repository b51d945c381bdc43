import { FindOptionsSelect, FindOptionsWhere, In, Repository } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Clock } from '@app/domain/shared/clock.port';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { Database } from '../database/database';
import { versionedWrite } from './data-version';
import { writeTombstones } from './list-sync';
import { sqlNow } from './sql-time';
import { LIST_CACHE } from './versioned-list';

/** A row of a table whose records belong to one account and carry their own timestamps. */
export interface AccountRow {
  id: number;
  accountId: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * What the repositories of account-scoped tables with timestamps share (clients, expenses, inventory
 * items): every statement is bound to the account, inserts and updates take their times from the clock,
 * and a record's fields are its row's columns less id, account and timestamps.
 */
export abstract class TypeormAccountTable<Row extends AccountRow, R> {
  constructor(
    protected readonly db: Database,
    protected readonly clock: Clock,
    private readonly entity: new () => Row,
  ) {}

  /** The row in domain form. */
  protected abstract toRecord(row: Row): R;

  protected repo(): Repository<Row> {
    return this.db.manager().getRepository(this.entity);
  }

  async findById(accountId: number, id: number): Promise<R | null> {
    const row = await this.repo().findOneBy({ id, accountId } as FindOptionsWhere<Row>);
    return row ? this.toRecord(row) : null;
  }

  /** One page of the account's records, newest first (offsets, cursors and sync as every list: shared/versioned-list.ts). */
  async list(accountId: number, page: PageRequest): Promise<Page<R>> {
    const table = this.repo().metadata.tableName;
    const ids = await LIST_CACHE.page<{ id: number }>(
      this.db,
      { accountId, table, where: 'd.account_id = ?', params: [accountId], dateColumn: 'created_at', select: 'd.id' },
      page,
    );
    if (!ids.rows.length) return { ...ids, rows: [] };
    const rows = await this.repo().findBy({ accountId, id: In(ids.rows.map((r) => r.id)) } as FindOptionsWhere<Row>);
    const position = new Map(ids.rows.map((r, i) => [Number(r.id), i]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return { ...ids, rows: rows.map((row) => this.toRecord(row)) };
  }

  count(accountId: number): Promise<number> {
    return this.repo().countBy({ accountId } as FindOptionsWhere<Row>);
  }

  /** Each write moves the account's data version in its transaction (shared/data-version.ts). */
  async insert(accountId: number, fields: Partial<Row>): Promise<number> {
    const now = sqlNow(this.clock.now());
    return versionedWrite(this.db, accountId, async () => {
      const result = await this.repo().insert({ ...fields, accountId, createdAt: now, updatedAt: now } as QueryDeepPartialEntity<Row>);
      return result.identifiers[0].id as number;
    });
  }

  async update(accountId: number, id: number, fields: Partial<Row>): Promise<void> {
    await versionedWrite(this.db, accountId, () =>
      this.repo().update({ id, accountId } as FindOptionsWhere<Row>, { ...fields, updatedAt: sqlNow(this.clock.now()) } as QueryDeepPartialEntity<Row>),
    );
  }

  async delete(accountId: number, id: number): Promise<void> {
    await versionedWrite(this.db, accountId, async () => {
      await writeTombstones(this.db.manager(), this.repo().metadata.tableName, accountId, 'id = ?', [id], this.clock.now());
      await this.repo().delete({ id, accountId } as FindOptionsWhere<Row>);
    });
  }

  async existingIds(accountId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.repo().find({ select: { id: true } as FindOptionsSelect<Row>, where: { accountId, id: In(ids) } as FindOptionsWhere<Row> });
    return rows.map((r) => r.id);
  }
}
