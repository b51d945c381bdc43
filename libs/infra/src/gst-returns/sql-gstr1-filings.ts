import { Gstr1Filing, Gstr1FilingRepository } from '@app/domain/gst-returns/gst-exports.port';
import { Gstr1FiledSnapshot } from '@app/domain/gst-returns/gstr1a';
import { Database } from '../database/database';

type Row = Record<string, string | number | null>;

const isDuplicate = (error: unknown) =>
  ((error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code) === 'ER_DUP_ENTRY';

/** gstr1_filings, every query bound to the account. */
export class SqlGstr1Filings extends Gstr1FilingRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async find(accountId: number, period: string): Promise<Gstr1Filing | null> {
    const [r] = await this.db
      .manager()
      .query<Row[]>(
        `SELECT period, DATE_FORMAT(filed_at, '%Y-%m-%d %H:%i:%s') AS filed_at, snapshot_json FROM gstr1_filings WHERE account_id = ? AND period = ?`,
        [accountId, period],
      );
    if (!r) return null;
    return { period: String(r.period), filedAt: String(r.filed_at), snapshot: JSON.parse(String(r.snapshot_json)) as Gstr1FiledSnapshot };
  }

  async insert(accountId: number, filing: Gstr1Filing): Promise<boolean> {
    try {
      await this.db
        .manager()
        .query(`INSERT INTO gstr1_filings (account_id, period, filed_at, snapshot_json) VALUES (?, ?, ?, ?)`, [
          accountId,
          filing.period,
          filing.filedAt,
          JSON.stringify(filing.snapshot),
        ]);
      return true;
    } catch (error) {
      if (isDuplicate(error)) return false;
      throw error;
    }
  }
}
