import { Tombstones } from '@app/domain/shared/tombstones.port';
import { Database } from '../database/database';
import { sqlNow } from './sql-time';

/** `list_tombstones`, written by the delete paths of the synced tables in their transactions (shared/list-sync.ts). */
export class SqlTombstones extends Tombstones {
  constructor(private readonly db: Database) {
    super();
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    const result = await this.db.manager().query<{ affectedRows?: number }>('DELETE FROM list_tombstones WHERE deleted_at < ?', [sqlNow(cutoff)]);
    return Number(result.affectedRows ?? 0);
  }
}
