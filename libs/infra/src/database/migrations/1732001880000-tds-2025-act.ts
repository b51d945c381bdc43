import { MigrationInterface, QueryRunner } from 'typeorm';

/** 1961-Act sections the service knows, with the Income-tax Act 2025 table row and payment code that continue them. */
const MAPPING: Array<{ code: string; description: string; section: string; paymentCode: string | null }> = [
  { code: '194C', description: 'Payments to contractors and sub-contractors', section: '393(1) Table Sl. No. 6(i)', paymentCode: null },
  { code: '194J', description: 'Fees for professional services', section: '393(1) Table Sl. No. 6(iii)', paymentCode: null },
  { code: '194J', description: 'Fees for technical services', section: '393(1) Table Sl. No. 6(iii)', paymentCode: null },
  { code: '194H', description: 'Commission or brokerage', section: '393(1) Table Sl. No. 1(ii)', paymentCode: '1006' },
  { code: '194I', description: 'Rent of plant, machinery or equipment', section: '393(1) Table Sl. No. 2(ii).D(a)', paymentCode: '1008' },
  { code: '194I', description: 'Rent of land, building or furniture', section: '393(1) Table Sl. No. 2(ii).D(b)', paymentCode: '1009' },
  { code: '194Q', description: 'Purchase of goods (buyer with turnover above 10 crore)', section: '393(1) Table Sl. No. 8(ii)', paymentCode: null },
];

const ACT_2025_FROM = '2026-04-01';
const ACT_1961_TO = '2026-03-31';

/**
 * TDS under both Acts. Every section row says its Act; the shared 1961-Act rows end on 2026-03-31 and
 * each is continued from 2026-04-01 by an Income-tax Act 2025 row (same code, rates and thresholds, its
 * section 393 table row and, where the sources agree, its payment code). Certificates keep the
 * deductor's TAN and the quarterly statement's receipt number, and the certificate forms say whether
 * their period is named by assessment year or tax year and which TRACES form they stand beside.
 */
export class Tds2025Act1732001880000 implements MigrationInterface {
  name = 'Tds2025Act1732001880000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE tds_sections ADD COLUMN act CHAR(4) NOT NULL DEFAULT '1961' AFTER account_id");
    for (const m of MAPPING) {
      await q.query('UPDATE tds_sections SET act_2025_section = ?, act_2025_payment_code = ? WHERE account_id IS NULL AND code = ? AND description = ?', [
        m.section,
        m.paymentCode,
        m.code,
        m.description,
      ]);
      await q.query(
        `INSERT INTO tds_sections (account_id, act, code, description, rate_individual, rate_other, no_pan_rate, single_threshold,
         yearly_threshold, threshold_mode, effective_from, effective_to, act_2025_section, act_2025_payment_code, source)
         SELECT NULL, '2025', code, description, rate_individual, rate_other, no_pan_rate, single_threshold, yearly_threshold,
           threshold_mode, ?, NULL, act_2025_section, act_2025_payment_code, ?
         FROM tds_sections WHERE account_id IS NULL AND act = '1961' AND code = ? AND description = ? AND effective_to IS NULL`,
        [
          ACT_2025_FROM,
          `Income-tax Act 2025 section ${m.section}${m.paymentCode ? `, payment code ${m.paymentCode} (Notes to Form 140, Income-tax Rules 2026)` : ''}; rates, thresholds and no-PAN rate carried over from the 1961-Act row`,
          m.code,
          m.description,
        ],
      );
    }
    await q.query("UPDATE tds_sections SET effective_to = ? WHERE account_id IS NULL AND act = '1961' AND effective_to IS NULL", [ACT_1961_TO]);

    await q.query(`ALTER TABLE tds_certificate_forms
      ADD COLUMN year_kind VARCHAR(16) NOT NULL DEFAULT 'assessment_year',
      ADD COLUMN traces_form VARCHAR(60) NOT NULL DEFAULT 'Form No. 16A'`);
    await q.query(
      `UPDATE tds_certificate_forms SET name = 'Statement of tax deducted at source', year_kind = 'assessment_year', traces_form = 'Form No. 16A',
       rule_reference = 'Deductor''s statement of tax deducted under Chapter XVII-B of the Income-tax Act, 1961 (the certificate under section 203 is Form No. 16A, rule 31(1)(b) of the Income-tax Rules, 1962)'
       WHERE act = 'Income-tax Act, 1961'`,
    );
    await q.query(
      `UPDATE tds_certificate_forms SET name = 'Statement of tax deducted at source', year_kind = 'tax_year', traces_form = 'Form No. 131',
       rule_reference = 'Deductor''s statement of tax deducted under section 393 of the Income-tax Act, 2025 (the certificate is Form No. 131 of the Income-tax Rules, 2026)'
       WHERE act = 'Income-tax Act, 2025'`,
    );
    await q.query('ALTER TABLE tds_certificates ADD COLUMN deductor_tan CHAR(10) NULL, ADD COLUMN statement_receipt VARCHAR(20) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tds_certificates DROP COLUMN deductor_tan, DROP COLUMN statement_receipt');
    await q.query(
      `UPDATE tds_certificate_forms SET name = 'Form No. 16A', rule_reference = 'Certificate under section 203, rule 31(1)(b) of the Income-tax Rules, 1962'
       WHERE act = 'Income-tax Act, 1961'`,
    );
    await q.query(
      `UPDATE tds_certificate_forms SET name = 'TDS certificate (Income-tax Act, 2025)', rule_reference = 'Certificate of tax deducted under section 393 of the Income-tax Act, 2025'
       WHERE act = 'Income-tax Act, 2025'`,
    );
    await q.query('ALTER TABLE tds_certificate_forms DROP COLUMN year_kind, DROP COLUMN traces_form');
    await q.query("UPDATE tds_sections SET effective_to = NULL WHERE account_id IS NULL AND act = '1961' AND effective_to = ?", [ACT_1961_TO]);
    await q.query("DELETE FROM tds_sections WHERE account_id IS NULL AND act = '2025'");
    await q.query('ALTER TABLE tds_sections DROP COLUMN act');
  }
}
