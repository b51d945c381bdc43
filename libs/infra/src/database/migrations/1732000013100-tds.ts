import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

type Seed = [
  code: string,
  description: string,
  rateIndividual: string,
  rateOther: string,
  noPanRate: string,
  single: string | null,
  yearly: string | null,
  mode: 'whole' | 'excess',
  from: string | null,
  to: string | null,
  act2025Section: string | null,
  act2025Code: string | null,
  source: string,
];

/** The shared sections; each figure's source is in docs/tds.md (and in the row's `source`). */
const SEEDS: Seed[] = [
  [
    '194C',
    'Payments to contractors and sub-contractors',
    '1',
    '2',
    '20',
    '30000',
    '100000',
    'whole',
    null,
    null,
    '393(1) Table Sl. No. 6(i)',
    null,
    'Section 194C(1) and (5), yearly limit as amended by Finance Act 2016; section 206AA',
  ],
  ['194J', 'Fees for professional services', '10', '10', '20', null, '30000', 'whole', null, '2025-03-31', null, null, 'Section 194J(1)(b); section 206AA'],
  [
    '194J',
    'Fees for professional services',
    '10',
    '10',
    '20',
    null,
    '50000',
    'whole',
    '2025-04-01',
    null,
    '393(1)',
    null,
    'Section 194J as amended by Finance Act 2025 (limit 50,000 from 2025-04-01); section 206AA',
  ],
  [
    '194J',
    'Fees for technical services',
    '2',
    '2',
    '20',
    null,
    '30000',
    'whole',
    '2020-04-01',
    '2025-03-31',
    null,
    null,
    'Section 194J(1) proviso, 2% for technical services (Finance Act 2020); section 206AA',
  ],
  [
    '194J',
    'Fees for technical services',
    '2',
    '2',
    '20',
    null,
    '50000',
    'whole',
    '2025-04-01',
    null,
    '393(1)',
    null,
    'Section 194J as amended by Finance Act 2025 (limit 50,000 from 2025-04-01); section 206AA',
  ],
  [
    '194H',
    'Commission or brokerage',
    '5',
    '5',
    '20',
    null,
    '15000',
    'whole',
    null,
    '2024-09-30',
    null,
    null,
    'Section 194H before Finance (No. 2) Act 2024; section 206AA',
  ],
  [
    '194H',
    'Commission or brokerage',
    '2',
    '2',
    '20',
    null,
    '15000',
    'whole',
    '2024-10-01',
    '2025-03-31',
    null,
    null,
    'Section 194H, 2% from 2024-10-01 (Finance (No. 2) Act 2024); section 206AA',
  ],
  [
    '194H',
    'Commission or brokerage',
    '2',
    '2',
    '20',
    null,
    '20000',
    'whole',
    '2025-04-01',
    null,
    '393(1) Table Sl. No. 1(ii)',
    '1006',
    'Section 194H as amended by Finance Act 2025 (limit 20,000 from 2025-04-01); section 206AA',
  ],
  [
    '194I',
    'Rent of plant, machinery or equipment',
    '2',
    '2',
    '20',
    null,
    '240000',
    'whole',
    null,
    '2025-03-31',
    null,
    null,
    'Section 194-I(a), yearly limit 2,40,000 (Finance Act 2019); section 206AA',
  ],
  [
    '194I',
    'Rent of plant, machinery or equipment',
    '2',
    '2',
    '20',
    '50000',
    null,
    'whole',
    '2025-04-01',
    null,
    '393(1) Table Sl. No. 2(ii).D(a)',
    '1008',
    'Section 194-I as amended by Finance Act 2025 (50,000 a month or part of a month); section 206AA',
  ],
  [
    '194I',
    'Rent of land, building or furniture',
    '10',
    '10',
    '20',
    null,
    '240000',
    'whole',
    null,
    '2025-03-31',
    null,
    null,
    'Section 194-I(b), yearly limit 2,40,000 (Finance Act 2019); section 206AA',
  ],
  [
    '194I',
    'Rent of land, building or furniture',
    '10',
    '10',
    '20',
    '50000',
    null,
    'whole',
    '2025-04-01',
    null,
    '393(1) Table Sl. No. 2(ii).D(b)',
    '1009',
    'Section 194-I as amended by Finance Act 2025 (50,000 a month or part of a month); section 206AA',
  ],
  [
    '194Q',
    'Purchase of goods (buyer with turnover above 10 crore)',
    '0.1',
    '0.1',
    '5',
    null,
    '5000000',
    'excess',
    '2021-07-01',
    null,
    '393(1)',
    null,
    'Section 194Q (Finance Act 2021); no-PAN rate 5% under the proviso to section 206AA(1)',
  ],
];

/**
 * TDS: sections as data (shared seeded rows with `account_id` NULL, and an account's own), the
 * payable side on expenses (section, rate, amount, vendor PAN, payee type and the deposit's challan),
 * the certificate forms by date, and issued certificates.
 */
export class Tds1732000013100 implements MigrationInterface {
  name = 'Tds1732000013100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE tds_sections (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NULL,
      code VARCHAR(20) NOT NULL,
      description VARCHAR(255) NOT NULL,
      rate_individual DECIMAL(7,3) NOT NULL,
      rate_other DECIMAL(7,3) NOT NULL,
      no_pan_rate DECIMAL(7,3) NOT NULL DEFAULT 20,
      single_threshold DECIMAL(15,2) NULL,
      yearly_threshold DECIMAL(15,2) NULL,
      threshold_mode VARCHAR(10) NOT NULL DEFAULT 'whole',
      effective_from DATE NULL,
      effective_to DATE NULL,
      act_2025_section VARCHAR(60) NULL,
      act_2025_payment_code VARCHAR(10) NULL,
      source VARCHAR(500) NULL,
      created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
      updated_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
      PRIMARY KEY (id),
      KEY ix_tds_sections_account (account_id, code)
    ) ${TABLE_OPTIONS}`);
    for (const s of SEEDS) {
      await q.query(
        `INSERT INTO tds_sections (account_id, code, description, rate_individual, rate_other, no_pan_rate, single_threshold,
         yearly_threshold, threshold_mode, effective_from, effective_to, act_2025_section, act_2025_payment_code, source)
         VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        s,
      );
    }

    await q.query(`ALTER TABLE expenses
      ADD COLUMN tds_section_id INT NULL,
      ADD COLUMN tds_rate DECIMAL(7,3) NULL,
      ADD COLUMN tds_amount DECIMAL(15,2) NULL,
      ADD COLUMN vendor_pan CHAR(10) NULL,
      ADD COLUMN payee_type VARCHAR(12) NULL,
      ADD COLUMN tds_challan_number VARCHAR(20) NULL,
      ADD COLUMN tds_bsr_code CHAR(7) NULL,
      ADD COLUMN tds_deposited_on DATE NULL`);
    await q.query('CREATE INDEX ix_expenses_tds ON expenses (account_id, expense_date, tds_amount)');
    await q.query('CREATE INDEX ix_invoices_tds ON invoices (account_id, invoice_date, tds_amount)');

    await q.query(`CREATE TABLE tds_certificate_forms (
      id INT NOT NULL AUTO_INCREMENT,
      name VARCHAR(120) NOT NULL,
      act VARCHAR(120) NOT NULL,
      rule_reference VARCHAR(200) NOT NULL,
      effective_from DATE NULL,
      effective_to DATE NULL,
      PRIMARY KEY (id)
    ) ${TABLE_OPTIONS}`);
    await q.query(
      `INSERT INTO tds_certificate_forms (name, act, rule_reference, effective_from, effective_to) VALUES
       ('Form No. 16A', 'Income-tax Act, 1961', 'Certificate under section 203, rule 31(1)(b) of the Income-tax Rules, 1962', NULL, '2026-03-31'),
       ('TDS certificate (Income-tax Act, 2025)', 'Income-tax Act, 2025', 'Certificate of tax deducted under section 393 of the Income-tax Act, 2025', '2026-04-01', NULL)`,
    );

    await q.query(`CREATE TABLE tds_certificates (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      deductee_pan CHAR(10) NOT NULL,
      deductee_name VARCHAR(255) NOT NULL,
      fy_start_year SMALLINT NOT NULL,
      quarter TINYINT NOT NULL,
      form_name VARCHAR(120) NOT NULL,
      amount_paid DECIMAL(15,2) NOT NULL,
      tds_amount DECIMAL(15,2) NOT NULL,
      deductions INT NOT NULL,
      created_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_tds_certificates_account (account_id, fy_start_year, quarter)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE tds_certificates');
    await q.query('DROP TABLE tds_certificate_forms');
    await q.query('DROP INDEX ix_invoices_tds ON invoices');
    await q.query('DROP INDEX ix_expenses_tds ON expenses');
    await q.query(`ALTER TABLE expenses DROP COLUMN tds_section_id, DROP COLUMN tds_rate, DROP COLUMN tds_amount, DROP COLUMN vendor_pan,
      DROP COLUMN payee_type, DROP COLUMN tds_challan_number, DROP COLUMN tds_bsr_code, DROP COLUMN tds_deposited_on`);
    await q.query('DROP TABLE tds_sections');
  }
}
