import { TdsDeduction, TdsDeductionRepository, TdsDeposit, TdsDirection } from '@app/domain/tds/tds-deduction';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { versionedWrite } from '../shared/data-version';
import { sqlNow } from '../shared/sql-time';

interface DeductionRow {
  id: number;
  direction: TdsDirection;
  date: string;
  section_id: number | null;
  section_code: string | null;
  section_description: string | null;
  act_2025_section: string | null;
  act_2025_payment_code: string | null;
  act_2025_payment_code_other: string | null;
  party_name: string;
  party_pan: string | null;
  payee_type: string | null;
  base_amount: string;
  rate: string | null;
  tds_amount: string;
  challan_number: string | null;
  bsr_code: string | null;
  deposited_on: string | null;
}

const SECTION = 's.code AS section_code, s.description AS section_description, s.act_2025_section, s.act_2025_payment_code, s.act_2025_payment_code_other';

/** Receivable deductions: issued and archived invoices with a TDS amount (base: taxable value of the lines). */
const RECEIVABLE = `SELECT i.id, 'receivable' AS direction, i.invoice_date AS date, i.tds_section_id AS section_id, ${SECTION},
    c.name AS party_name, SUBSTRING(c.gstin, 3, 10) AS party_pan, NULL AS payee_type,
    COALESCE((SELECT SUM(it.total_amount - it.cgst_amount - it.sgst_amount - it.igst_amount) FROM invoice_items it WHERE it.invoice_id = i.id), 0) AS base_amount,
    i.tds_rate AS rate, i.tds_amount, NULL AS challan_number, NULL AS bsr_code, NULL AS deposited_on
  FROM invoices i
  LEFT JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id
  LEFT JOIN tds_sections s ON s.id = i.tds_section_id AND (s.account_id IS NULL OR s.account_id = i.account_id)
  WHERE i.account_id = ? AND i.tds_amount > 0 AND i.status IN ('issued', 'archived')`;

/** Payable deductions: expenses (not cancelled) with a TDS amount. */
const PAYABLE = `SELECT e.id, 'payable' AS direction, e.expense_date AS date, e.tds_section_id AS section_id, ${SECTION},
    e.vendor_name AS party_name, e.vendor_pan AS party_pan, e.payee_type, e.expense_amount AS base_amount,
    e.tds_rate AS rate, e.tds_amount, e.tds_challan_number AS challan_number, e.tds_bsr_code AS bsr_code, e.tds_deposited_on AS deposited_on
  FROM expenses e
  LEFT JOIN tds_sections s ON s.id = e.tds_section_id AND (s.account_id IS NULL OR s.account_id = e.account_id)
  WHERE e.account_id = ? AND e.tds_amount > 0 AND e.expense_status <> 'cancelled'`;

const toDeduction = (r: DeductionRow): TdsDeduction => ({
  id: Number(r.id),
  direction: r.direction,
  date: r.date,
  sectionId: r.section_id,
  sectionCode: r.section_code,
  sectionDescription: r.section_description,
  act2025Section: r.act_2025_section,
  act2025PaymentCode: r.act_2025_payment_code,
  act2025PaymentCodeOther: r.act_2025_payment_code_other,
  partyName: r.party_name ?? '',
  partyPan: r.party_pan || null,
  payeeType: r.payee_type,
  baseAmount: String(r.base_amount),
  rate: r.rate,
  tdsAmount: r.tds_amount,
  deposit: r.challan_number && r.bsr_code && r.deposited_on ? { challanNumber: r.challan_number, bsrCode: r.bsr_code, depositedOn: r.deposited_on } : null,
});

export class SqlTdsDeductionRepository extends TdsDeductionRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    super();
  }

  async list(accountId: number, range: { from: string; to: string } | null, direction?: TdsDirection): Promise<TdsDeduction[]> {
    const parts: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, column: string) => {
      parts.push(range ? `${sql} AND ${column} BETWEEN ? AND ?` : sql);
      params.push(accountId, ...(range ? [range.from, range.to] : []));
    };
    if (direction !== 'payable') add(RECEIVABLE, 'i.invoice_date');
    if (direction !== 'receivable') add(PAYABLE, 'e.expense_date');
    const rows = await this.db.query<DeductionRow>(`SELECT * FROM (${parts.join(' UNION ALL ')}) d ORDER BY date, direction, id`, params);
    return rows.map(toDeduction);
  }

  async findPayable(accountId: number, expenseId: number): Promise<TdsDeduction | null> {
    const [row] = await this.db.manager().query<DeductionRow[]>(`${PAYABLE} AND e.id = ? FOR UPDATE`, [accountId, expenseId]);
    return row ? toDeduction(row) : null;
  }

  /** Moves the account's data version with the expense (shared/data-version.ts). */
  async setDeposit(accountId: number, expenseId: number, deposit: TdsDeposit | null): Promise<void> {
    await versionedWrite(this.db, accountId, () =>
      this.db
        .manager()
        .query('UPDATE expenses SET tds_challan_number = ?, tds_bsr_code = ?, tds_deposited_on = ?, updated_at = ? WHERE id = ? AND account_id = ?', [
          deposit?.challanNumber ?? null,
          deposit?.bsrCode ?? null,
          deposit?.depositedOn ?? null,
          sqlNow(this.clock.now()),
          expenseId,
          accountId,
        ]),
    );
  }

  async payableTo(accountId: number, pan: string, range: { from: string; to: string }): Promise<TdsDeduction[]> {
    const rows = await this.db.query<DeductionRow>(`${PAYABLE} AND e.vendor_pan = ? AND e.expense_date BETWEEN ? AND ? ORDER BY e.expense_date, e.id`, [
      accountId,
      pan,
      range.from,
      range.to,
    ]);
    return rows.map(toDeduction);
  }
}
