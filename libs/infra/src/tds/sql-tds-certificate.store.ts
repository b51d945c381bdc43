import { TdsCertificateForm, TdsCertificateRecord, TdsCertificateStore } from '@app/domain/tds/tds-certificate';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';

export class SqlTdsCertificateStore extends TdsCertificateStore {
  constructor(private readonly db: Database) {
    super();
  }

  async formOn(date: string): Promise<TdsCertificateForm> {
    const [row] = await this.db.query<{ name: string; act: string; rule_reference: string; year_kind: string; traces_form: string }>(
      `SELECT name, act, rule_reference, year_kind, traces_form FROM tds_certificate_forms
       WHERE (effective_from IS NULL OR effective_from <= ?) AND (effective_to IS NULL OR effective_to >= ?)
       ORDER BY effective_from DESC LIMIT 1`,
      [date, date],
    );
    if (!row) throw new Error(`No TDS certificate form is in force on ${date}.`);
    return {
      name: row.name,
      act: row.act,
      ruleReference: row.rule_reference,
      yearKind: row.year_kind === 'tax_year' ? 'tax_year' : 'assessment_year',
      tracesForm: row.traces_form,
    };
  }

  async lastTan(accountId: number): Promise<string | null> {
    const [row] = await this.db.query<{ deductor_tan: string }>(
      'SELECT deductor_tan FROM tds_certificates WHERE account_id = ? AND deductor_tan IS NOT NULL ORDER BY id DESC LIMIT 1',
      [accountId],
    );
    return row?.deductor_tan ?? null;
  }

  async record(accountId: number, r: TdsCertificateRecord): Promise<number> {
    const result = await this.db.manager().query<{ insertId: number }>(
      `INSERT INTO tds_certificates (account_id, deductee_pan, deductee_name, fy_start_year, quarter, form_name, deductor_tan, statement_receipt,
       amount_paid, tds_amount, deductions, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        accountId,
        r.deducteePan,
        r.deducteeName,
        r.fyStartYear,
        r.quarter,
        r.formName,
        r.deductorTan,
        r.statementReceipt,
        r.amountPaid,
        r.tdsAmount,
        r.deductions,
        sqlNow(),
      ],
    );
    return Number(result.insertId);
  }
}
