import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Income-tax Act 2025 payment codes of fees for professional services (1027) and for technical services (1026),
 * section 393(1) Table Sl. No. 6(iii), the 1961 Act's section 194J: the current listings of the codes of the Notes to
 * Form 140 of the Income-tax Rules 2026 agree on them (docs/tds.md, "Both Acts", which names each source and the one
 * listing, since revised, that differed). Set on the shared rows of both Acts (the 1961 rows carry the mapping too);
 * the 2025 rows' `source` says where the code comes from. 194C and 194Q keep no code: the sources still disagree.
 */
const CODES: Array<{ description: string; code: string }> = [
  { description: 'Fees for professional services', code: '1027' },
  { description: 'Fees for technical services', code: '1026' },
];

const SOURCE = (code: string) =>
  `Income-tax Act 2025 section 393(1) Table Sl. No. 6(iii), payment code ${code} (Notes to Form 140, Income-tax Rules 2026, as the listings in docs/tds.md quote them); ` +
  'rates, thresholds and no-PAN rate carried over from the 1961-Act row';

export class Tds194jPaymentCodes1732001920000 implements MigrationInterface {
  name = 'Tds194jPaymentCodes1732001920000';

  async up(q: QueryRunner): Promise<void> {
    for (const { description, code } of CODES) {
      await q.query("UPDATE tds_sections SET act_2025_payment_code = ? WHERE account_id IS NULL AND code = '194J' AND description = ?", [code, description]);
      await q.query("UPDATE tds_sections SET source = ? WHERE account_id IS NULL AND act = '2025' AND code = '194J' AND description = ?", [
        SOURCE(code),
        description,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { description } of CODES) {
      await q.query("UPDATE tds_sections SET act_2025_payment_code = NULL WHERE account_id IS NULL AND code = '194J' AND description = ?", [description]);
      await q.query("UPDATE tds_sections SET source = ? WHERE account_id IS NULL AND act = '2025' AND code = '194J' AND description = ?", [
        'Income-tax Act 2025 section 393(1) Table Sl. No. 6(iii); rates, thresholds and no-PAN rate carried over from the 1961-Act row',
        description,
      ]);
    }
  }
}
