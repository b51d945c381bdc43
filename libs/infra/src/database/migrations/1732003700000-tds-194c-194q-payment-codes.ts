import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Income-tax Act 2025 payment codes of contractors (section 194C of the 1961 Act) and of the purchase of goods
 * (194Q), and a second code column for the sections whose 2025-Act table gives payees other than individuals and HUFs
 * a row of their own. Contractors: section 393(1) Table Sl. No. 6(i).D(a), code 1023, for an individual or HUF, and
 * 6(i).D(b), code 1024, for others; purchase of goods: Sl. No. 8(ii), code 1031. Taken from the codes of the Income-tax
 * Rules 2026 as India Compliance for ERPNext carries them (its migration of tax withholding categories to the 2025 Act,
 * March 2026), which agree with the listings that quote the Notes to Form 140; docs/tds.md, "Both Acts", names every
 * source and the ones that differ. Set on the shared rows of both Acts (the 1961 rows carry the mapping too).
 */
const CODES: Array<{ code: string; description: string; section: string; main: string; other: string | null }> = [
  { code: '194C', description: 'Payments to contractors and sub-contractors', section: '393(1) Table Sl. No. 6(i)', main: '1023', other: '1024' },
  { code: '194Q', description: 'Purchase of goods (buyer with turnover above 10 crore)', section: '393(1) Table Sl. No. 8(ii)', main: '1031', other: null },
];

const SOURCE = (c: (typeof CODES)[number]) =>
  `Income-tax Act 2025 section ${c.section}, payment code ${c.other ? `${c.main} (individual or HUF) and ${c.other} (others)` : c.main} ` +
  '(Income-tax Rules 2026 codes as India Compliance for ERPNext carries them; docs/tds.md); rates, thresholds and no-PAN rate carried over from the 1961-Act row';

const WHERE = 'WHERE account_id IS NULL AND code = ? AND description = ?';

export class Tds194c194qPaymentCodes1732003700000 implements MigrationInterface {
  name = 'Tds194c194qPaymentCodes1732003700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tds_sections ADD COLUMN act_2025_payment_code_other VARCHAR(10) NULL AFTER act_2025_payment_code');
    for (const c of CODES) {
      await q.query(`UPDATE tds_sections SET act_2025_payment_code = ?, act_2025_payment_code_other = ? ${WHERE}`, [c.main, c.other, c.code, c.description]);
      await q.query(`UPDATE tds_sections SET source = ? ${WHERE} AND act = '2025'`, [SOURCE(c), c.code, c.description]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const c of CODES) {
      await q.query(`UPDATE tds_sections SET act_2025_payment_code = NULL ${WHERE}`, [c.code, c.description]);
      await q.query(`UPDATE tds_sections SET source = ? ${WHERE} AND act = '2025'`, [
        `Income-tax Act 2025 section ${c.section}; rates, thresholds and no-PAN rate carried over from the 1961-Act row`,
        c.code,
        c.description,
      ]);
    }
    await q.query('ALTER TABLE tds_sections DROP COLUMN act_2025_payment_code_other');
  }
}
