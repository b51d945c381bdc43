import { EndedSessions } from '@app/domain/auth/ended-sessions.port';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';

export class SqlEndedSessions extends EndedSessions {
  constructor(private readonly db: Database) {
    super();
  }

  /** Retired refresh tokens go with their session (ON DELETE CASCADE). */
  async deleteEndedBefore(cutoff: Date): Promise<number> {
    const at = sqlNow(cutoff);
    const result = await this.db
      .manager()
      .query<{ affectedRows?: number }>('DELETE FROM mobile_sessions WHERE (revoked_at IS NOT NULL AND revoked_at < ?) OR refresh_expires_at < ?', [at, at]);
    return Number(result.affectedRows ?? 0);
  }
}
