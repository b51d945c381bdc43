import { TdsAct, TdsSection, TdsSectionFields, ThresholdMode } from '@app/domain/tds/tds-section';
import { TdsSectionRepository } from '@app/domain/tds/tds-section.repository.port';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';

interface SectionRow {
  id: number;
  account_id: number | null;
  act: string;
  code: string;
  description: string;
  rate_individual: string;
  rate_other: string;
  no_pan_rate: string;
  single_threshold: string | null;
  yearly_threshold: string | null;
  threshold_mode: string;
  effective_from: string | null;
  effective_to: string | null;
  act_2025_section: string | null;
  act_2025_payment_code: string | null;
  act_2025_payment_code_other: string | null;
  source: string | null;
}

const COLUMNS = `id, account_id, act, code, description, rate_individual, rate_other, no_pan_rate, single_threshold, yearly_threshold,
  threshold_mode, DATE_FORMAT(effective_from, '%Y-%m-%d') AS effective_from, DATE_FORMAT(effective_to, '%Y-%m-%d') AS effective_to,
  act_2025_section, act_2025_payment_code, act_2025_payment_code_other, source`;

const toSection = (r: SectionRow): TdsSection => ({
  id: r.id,
  accountId: r.account_id,
  act: r.act as TdsAct,
  code: r.code,
  description: r.description,
  rateIndividual: r.rate_individual,
  rateOther: r.rate_other,
  noPanRate: r.no_pan_rate,
  singleThreshold: r.single_threshold,
  yearlyThreshold: r.yearly_threshold,
  thresholdMode: r.threshold_mode as ThresholdMode,
  effectiveFrom: r.effective_from,
  effectiveTo: r.effective_to,
  act2025Section: r.act_2025_section,
  act2025PaymentCode: r.act_2025_payment_code,
  act2025PaymentCodeOther: r.act_2025_payment_code_other,
  source: r.source,
});

const values = (f: TdsSectionFields) => [
  f.act,
  f.code,
  f.description,
  f.rateIndividual,
  f.rateOther,
  f.noPanRate,
  f.singleThreshold,
  f.yearlyThreshold,
  f.thresholdMode,
  f.effectiveFrom,
  f.effectiveTo,
  f.act2025Section,
  f.act2025PaymentCode,
  f.act2025PaymentCodeOther,
  f.source,
];

export class SqlTdsSectionRepository extends TdsSectionRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async list(accountId: number): Promise<TdsSection[]> {
    const rows = await this.db.query<SectionRow>(
      `SELECT ${COLUMNS} FROM tds_sections WHERE account_id IS NULL OR account_id = ? ORDER BY code, effective_from IS NOT NULL, effective_from, id`,
      [accountId],
    );
    return rows.map(toSection);
  }

  async findVisible(accountId: number, id: number): Promise<TdsSection | null> {
    const [row] = await this.db.query<SectionRow>(`SELECT ${COLUMNS} FROM tds_sections WHERE id = ? AND (account_id IS NULL OR account_id = ?)`, [
      id,
      accountId,
    ]);
    return row ? toSection(row) : null;
  }

  async findInForce(accountId: number, section: TdsSection, date: string): Promise<TdsSection | null> {
    const [row] = await this.db.query<SectionRow>(
      `SELECT ${COLUMNS} FROM tds_sections
       WHERE code = ? AND description = ? AND ${section.accountId === null ? 'account_id IS NULL' : 'account_id = ?'}
         AND (effective_from IS NULL OR effective_from <= ?) AND (effective_to IS NULL OR effective_to >= ?)
       ORDER BY effective_from IS NULL, effective_from DESC, id DESC LIMIT 1`,
      [section.code, section.description, ...(section.accountId === null ? [] : [accountId]), date, date],
    );
    return row ? toSection(row) : null;
  }

  async insert(accountId: number, f: TdsSectionFields): Promise<number> {
    const now = sqlNow();
    const result = await this.db.manager().query<{ insertId: number }>(
      `INSERT INTO tds_sections (account_id, act, code, description, rate_individual, rate_other, no_pan_rate, single_threshold, yearly_threshold,
       threshold_mode, effective_from, effective_to, act_2025_section, act_2025_payment_code, act_2025_payment_code_other, source, created_at,
       updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [accountId, ...values(f), now, now],
    );
    return Number(result.insertId);
  }

  async update(accountId: number, id: number, f: TdsSectionFields): Promise<void> {
    await this.db.manager().query(
      `UPDATE tds_sections SET act = ?, code = ?, description = ?, rate_individual = ?, rate_other = ?, no_pan_rate = ?, single_threshold = ?,
       yearly_threshold = ?, threshold_mode = ?, effective_from = ?, effective_to = ?, act_2025_section = ?, act_2025_payment_code = ?,
       act_2025_payment_code_other = ?, source = ?, updated_at = ? WHERE id = ? AND account_id = ?`,
      [...values(f), sqlNow(), id, accountId],
    );
  }

  async delete(accountId: number, id: number): Promise<void> {
    await this.db.manager().query('DELETE FROM tds_sections WHERE id = ? AND account_id = ?', [id, accountId]);
  }
}
